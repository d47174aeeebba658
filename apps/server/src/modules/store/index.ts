/** The store module's front door: what other modules, app.ts and main.ts may use of it. */
export { refreshCatalogueFacts, subscribeCatalogueFacts } from './catalogue-facts';
export { storeModule } from './store.routes';
export { sqlArray } from './store.service';
export type { PaymentRequestedEvent } from './events';
