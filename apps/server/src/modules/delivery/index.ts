/** The delivery module's front door: what other modules, app.ts and main.ts may use of it. */
export { deliveryModule } from './delivery.routes';
export { lmsExportsModule } from './lms-exports.routes';
export { unitPackagesService } from './packages.service';
export { readToken, seal, shareLinkSecret, shareLinksService, signToken, unseal } from './share-links.service';
export type { VerifiedShareLink } from './share-links.service';
