/** The access module's front door: the gate (permissions, actors, report scopes) and the marketplace's SQL rules. */
export { accessReportScope, accessWhere, checkAccess, grantActor, requireAccess, reviewListWhere, unitAccessReportScope } from './access';
export type { Actor, GrantActor, Permission, UserActor } from './access';
export {
  activelyRentedProviders,
  activeRentOf,
  inStore,
  institutionActive,
  openRentOf,
  openRentStatusOf,
  priceOn,
  rentActive,
} from './market-rules';
