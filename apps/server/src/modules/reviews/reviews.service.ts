/**
 * Curation and review (spec 2 §2.5–§2.7, §4.2, §6, §7.2): delegation, the staff lists, the moves of the
 * state machine (`@edu/shared/review-machine`: every move it does not allow is refused), reopening,
 * comments, the published-units table and the unit edits staff make from the review screen.
 *
 * Who reaches which review is the access gate's answer (modules/access: review.read for the assigned
 * curator and reviewer and publishing roles, review.comment adds the unit's provider users; 404 otherwise).
 * The unit's side of every move (status, published version) is the unit lifecycle's (units/lifecycle.ts):
 * this service never writes unit tables.
 */
import type { Deps } from '../../platform/deps';
import { reviewCommentsService } from './review-comments';
import { reviewEditsService } from './review-edits';
import { reviewMovesService } from './review-moves';
import { reviewQueriesService } from './review-queries';

/** The reviews' services together: reads, moves, comments and staff edits (each its own factory and file). */
export function reviewsService(deps: Deps) {
  return { ...reviewQueriesService(deps), ...reviewMovesService(deps), ...reviewCommentsService(deps), ...reviewEditsService(deps) };
}
