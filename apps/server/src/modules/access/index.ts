/** The access module's front door: what other modules, app.ts and main.ts may use of it. */
export { accessWhere, checkAccess, requireAccess, reviewListWhere } from './access';
export type { Actor, Permission } from './access';
export { activelyRentedProviders, activeRentOf, inStore, openRentOf, openRentStatusOf, priceOn } from './market-rules';
