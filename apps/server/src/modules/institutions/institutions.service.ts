/**
 * Institutions as the platform team manages them (spec 3 §2.9, §2.10, §4 "Seller status"). Admin and director
 * only (route roles). The reads are institution-queries.ts (list, one, plan options); the writes are
 * institution-commands.ts (create, update, logo) and institution-status.ts (status changes).
 */
import type { Deps } from '../../platform/deps';
import { institutionQueries } from './institution-queries';
import { institutionCommands } from './institution-commands';
import { institutionStatus } from './institution-status';

export function institutionsService(deps: Deps) {
  return {
    ...institutionQueries(deps),
    ...institutionCommands(deps),
    ...institutionStatus(deps),
  };
}
