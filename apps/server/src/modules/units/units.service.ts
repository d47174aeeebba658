/**
 * Units: authoring (create, save, new version of a published unit), the provider's own list, status moves
 * of the author (send for analysis, trash, recover), versions, and tags (spec 2 §2.3, §2.8, §4.1, §5, §7.1,
 * §7.3). Who may read or author a unit is the access gate's answer (modules/access); every status change
 * goes through the unit lifecycle (./lifecycle.ts).
 */
import type { Db, Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import { unitAuthoringService } from './unit-authoring';
import { unitMovesService } from './unit-moves';
import { unitQueriesService } from './unit-queries';
import { knowledgeAreasOf, view } from './unit-rows';
import { unitTagsService } from './unit-tags';

/** The units' services together: authoring, reads, status moves and tags (each its own factory and file). */
export function unitsService(deps: Deps) {
  return {
    ...unitAuthoringService(deps),
    ...unitQueriesService(deps),
    ...unitMovesService(deps),
    ...unitTagsService(deps),
    view,
    /**
     * The knowledge areas by id, from memory. Inside a transaction a first load reads through it: a second connection
     * while one is held would wait on PGlite's single connection for ever (and take a pooled one on PostgreSQL).
     */
    knowledgeMap: (ex?: Executor) => knowledgeAreasOf({ database: deps.database, db: (ex ?? deps.db) as Db }),
  };
}
