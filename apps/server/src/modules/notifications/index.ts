/**
 * The notifications module's front door: what other modules, app.ts and main.ts may use of it. Other modules do not
 * notify anyone themselves: they emit domain events, to which `subscribeNotifications` subscribes the notices.
 */
export { notificationsModule } from './notifications.routes';
export { subscribeNotifications } from './subscribers';
