/** The rents module's front door: what other modules, app.ts and main.ts may use of it. */
export { rentLifecycle } from './rent-lifecycle';
export type { RentLifecycle } from './rent-lifecycle';
export { sellerRentsModule } from './rents.routes';
export type {
  RentAcceptedEvent,
  RentActivatedEvent,
  RentCanceledEvent,
  RentCancellationRequestedEvent,
  RentPlanChangedEvent,
  RentRequestedEvent,
} from './events';
export { openPaymentRequest } from './payment-requests';
