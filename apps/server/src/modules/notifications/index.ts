/** The notifications module's front door: what other modules, app.ts and main.ts may use of it. */
export { notificationsModule } from './notifications.routes';
export { notifyUsers } from './notify';
export { platformTeam, providerHolders, sellerTeam } from './recipients';
export type { Recipient } from './recipients';
