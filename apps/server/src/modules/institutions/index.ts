/** The institutions module's front door: what other modules, app.ts and main.ts may use of it. */
export { activeInstitutionWith, requireActiveInstitution } from './active-institution';
export type { ActiveInstitution } from './active-institution';
export { institutionHead, judgeInstitution } from './institution-head';
export { institutionsModule } from './institutions.routes';
export { sellersModule } from './sellers.routes';
export type { InstitutionPendingEvent, InstitutionReactivatedEvent, InstitutionSuspendedEvent } from './events';
export { activateSignedUpSeller, insertSeller, replaceLmsKeyHash, setSellerLogo } from './seller-writes';
export { reactivateAfterPayment, suspendForNonPayment } from './non-payment';
