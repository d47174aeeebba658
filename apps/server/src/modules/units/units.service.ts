/**
 * Units: authoring (create, save, new version of a published unit), the provider's own list, status moves
 * of the author (send for analysis, trash, recover), versions, and tags (spec 2 §2.3, §2.8, §4.1, §5, §7.1,
 * §7.3). Who may read or author a unit is the access gate's answer (modules/access); every status change
 * goes through the unit lifecycle (./lifecycle.ts).
 */
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
    /** The knowledge areas by id, from memory (constant: the executor of a caller's transaction is not needed). */
    knowledgeMap: (_ex?: unknown) => knowledgeAreasOf(deps),
  };
}
