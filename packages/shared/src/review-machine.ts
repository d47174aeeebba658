/**
 * THE review state machine (spec 2 §4.1, §4.2, §6), written once as data. The server refuses every move
 * this table does not allow; the web shows buttons from the same table.
 *
 * A unit sent for analysis (status send) is delegated: a review is created with one curator and one
 * reviewer and the unit goes to analyze. Curation comes first, then revision, then the decision of a
 * publishing role (admin, director, manager):
 *
 *   stage      field           who (besides admin and manager)   outcomes
 *   curation   curatorStatus   the assigned curator              approved | correction | reproved
 *   revision   reviewerStatus  the assigned reviewer             approved | correction | reproved
 *   decision   managerStatus   director (publishing roles)       approved (publish) | reproved
 *
 * - correction sends the unit back to the author (unit status correction); when the author sends it
 *   again the stage that asked for the correction starts over (its status back to null).
 * - A curator or reviewer who reproves does not close the review: the publishing role decides (it may
 *   reprove, or reopen the review with other people). Disagreement is therefore settled by the decision.
 * - The decision 'approved' (Publicar) needs curation and revision approved; 'reproved' is always
 *   possible while the review is open. Both close the review (active false).
 * - A closed review may be reopened by a publishing role: a new review version, active, with the unit
 *   back in analysis.
 */
import type { UserType } from './access';

export const STAGE_STATUSES = ['approved', 'correction', 'reproved'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];
export const MANAGER_STATUSES = ['approved', 'reproved'] as const;
export type ManagerStatus = (typeof MANAGER_STATUSES)[number];

export type Stage = 'curation' | 'revision' | 'decision';

/** Labels of spec 2 §4.2 ('adjust' on the review screen is our 'correction'). */
export const REVIEW_STATUS_LABELS: Record<'null' | StageStatus, string> = {
  null: 'Análise',
  approved: 'Aprovado',
  correction: 'Correção',
  reproved: 'Reprovado',
};
export const reviewStatusLabel = (s: string | null) => REVIEW_STATUS_LABELS[(s ?? 'null') as 'null' | StageStatus] ?? s ?? 'Análise';

/** Who delegates, decides and reopens (spec 2 §6: those who may approve). */
export const PUBLISHER_TYPES = ['admin', 'director', 'manager'] as const satisfies readonly UserType[];
/** Admin and manager may act for the curator and for the reviewer (spec 2 §6). */
export const STAGE_OVERRIDE_TYPES = ['admin', 'manager'] as const satisfies readonly UserType[];

export interface ReviewState {
  unitStatus: string;
  active: boolean;
  curatorId: number;
  reviewerId: number;
  curatorStatus: StageStatus | null;
  reviewerStatus: StageStatus | null;
  managerStatus: ManagerStatus | null;
}

export interface ReviewActor {
  id: number;
  type: UserType;
}

export interface ReviewMove {
  stage: Stage;
  status: StageStatus;
  /** A comment must justify it. */
  needsComment: boolean;
  /** The unit's status after the move (unchanged when undefined). */
  unitStatus?: 'correction' | 'publish' | 'reproved';
  /** The review closes. */
  closes: boolean;
}

const isOverride = (a: ReviewActor) => (STAGE_OVERRIDE_TYPES as readonly UserType[]).includes(a.type);
const isPublisher = (a: ReviewActor) => (PUBLISHER_TYPES as readonly UserType[]).includes(a.type);

/** The stage the review waits on, or null when it waits on the author (correction) or is closed. */
export function currentStage(s: ReviewState): Stage | null {
  if (!s.active || s.managerStatus !== null) return null;
  if (s.unitStatus !== 'analyze') return null;
  if (s.curatorStatus === null) return 'curation';
  if (s.curatorStatus === 'approved' && s.reviewerStatus === null) return 'revision';
  return 'decision';
}

/**
 * Every move `actor` may make on a review in state `s`. The decision is open to publishing roles at any
 * point of an active review in analysis (to reprove); publishing needs both stages approved.
 */
export function allowedMoves(s: ReviewState, actor: ReviewActor): ReviewMove[] {
  if (!s.active || s.managerStatus !== null || s.unitStatus !== 'analyze') return [];
  const moves: ReviewMove[] = [];
  const stage = currentStage(s);
  const stageMoves = (st: 'curation' | 'revision'): ReviewMove[] => [
    { stage: st, status: 'approved', needsComment: false, closes: false },
    { stage: st, status: 'correction', needsComment: true, unitStatus: 'correction', closes: false },
    { stage: st, status: 'reproved', needsComment: true, closes: false },
  ];
  const assignedCurator = actor.type === 'curator' && actor.id === s.curatorId;
  const assignedReviewer = actor.type === 'review' && actor.id === s.reviewerId;
  if (stage === 'curation' && (assignedCurator || isOverride(actor))) moves.push(...stageMoves('curation'));
  if (stage === 'revision' && (assignedReviewer || isOverride(actor))) moves.push(...stageMoves('revision'));
  if (isPublisher(actor)) {
    if (s.curatorStatus === 'approved' && s.reviewerStatus === 'approved') {
      moves.push({ stage: 'decision', status: 'approved', needsComment: false, unitStatus: 'publish', closes: true });
    }
    moves.push({ stage: 'decision', status: 'reproved', needsComment: true, unitStatus: 'reproved', closes: true });
  }
  return moves;
}

/**
 * The move `actor` makes by asking for `status` on a review (PUT /items/review/update/{ids}), or
 * undefined when the table does not allow it. When an actor could act on more than one stage (admin and
 * manager), the earliest open stage wins; 'approved' by a publishing role on a review whose stages are
 * approved is the decision (Publicar).
 */
export function resolveMove(s: ReviewState, actor: ReviewActor, status: StageStatus): ReviewMove | undefined {
  const moves = allowedMoves(s, actor).filter((m) => m.status === status);
  const order: Stage[] = ['curation', 'revision', 'decision'];
  return moves.sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage))[0];
}

/** The state after a move. */
export function applyMove(s: ReviewState, move: ReviewMove): ReviewState {
  const next = { ...s };
  if (move.stage === 'curation') next.curatorStatus = move.status;
  if (move.stage === 'revision') next.reviewerStatus = move.status;
  if (move.stage === 'decision') next.managerStatus = move.status as ManagerStatus;
  if (move.unitStatus) next.unitStatus = move.unitStatus;
  if (move.closes) next.active = false;
  return next;
}

/** The author sends a corrected unit back: the stage that asked for the correction starts over. */
export function afterCorrection(s: ReviewState): ReviewState | undefined {
  if (!s.active || s.unitStatus !== 'correction') return undefined;
  return {
    ...s,
    unitStatus: 'analyze',
    curatorStatus: s.curatorStatus === 'correction' ? null : s.curatorStatus,
    reviewerStatus: s.reviewerStatus === 'correction' ? null : s.reviewerStatus,
  };
}

/** Delegation: only publishing roles, only units sent for analysis (or, when editing, active reviews). */
export const canDelegate = (actor: ReviewActor) => isPublisher(actor);
export const canReopen = (s: ReviewState, actor: ReviewActor) => isPublisher(actor) && !s.active;
