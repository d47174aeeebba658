/**
 * THE unit lifecycle (spec 2 §4.1, §4.2), written once as data, beside the review state machine: which
 * event may happen to a unit version in which status, the status it leads to, and whether the item's
 * published pointer (`items.published_content_id`) moves to that version. The server changes a version's
 * status and the published pointer in one function only (apps/server/src/modules/units/lifecycle.ts),
 * driven by this table; every event the table does not allow is refused with 409 and the event's pt-BR
 * message.
 *
 *   event           by       from                        to                 pointer
 *   create          author   (new row)                   draft
 *   newVersion      author   publish (a new row)         send
 *   save            author   draft, correction, reproved  draft|correction|draft
 *   send            author   draft                       send
 *   trash           author   draft                       deleted (remembers the status)
 *   recover         author   deleted                     the status before
 *   resend          author   correction                  analyze (the review's stage starts over)
 *   delegate        staff    send                        analyze (a review opens)
 *   correction      review   analyze                     correction
 *   approve         review   analyze                     publish            → this version
 *   reprove         review   analyze                     reproved
 *   reopen          staff    reproved                    analyze (a new review version)
 *   publishVersion  staff    send, analyze               publish            → this version
 *
 * The author events that put a unit in the staff's queue (send, newVersion, resend) need the unit's provider to be
 * approved (`needsApprovedProvider`): a provider under analysis may author drafts but not send them (403).
 *
 * An earlier published version keeps its status when a newer one is published (it stays readable by
 * its id); only the pointer moves. The review machine (`review-machine.ts`) decides WHICH review move
 * happens; the unit's side of that move (correction, approve, reprove) is an event of this table.
 */
import type { ErrorCode } from './error-codes';
import type { UnitStatus } from './units';
import { UNIT_STATUS_LABELS } from './units';
import { REVIEW_MSG } from './reviews';

export const UNIT_EVENTS = [
  'create',
  'newVersion',
  'save',
  'send',
  'trash',
  'recover',
  'resend',
  'delegate',
  'correction',
  'approve',
  'reprove',
  'reopen',
  'publishVersion',
] as const;
export type UnitEvent = (typeof UNIT_EVENTS)[number];

/** A row that does not exist yet (create, newVersion). */
export const NEW_ROW = 'new' as const;
export type LifecycleFrom = UnitStatus | typeof NEW_ROW;

/** The status the version is in after the event; 'previous' = the status it had before it was trashed. */
export type LifecycleTo = UnitStatus | 'previous';

export interface LifecycleStep {
  to: LifecycleTo;
  /** The item's published pointer moves to this version. */
  publishes?: true;
  /** The event creates a NEW version (row) in `to`; the version it starts from keeps its status. */
  newRow?: true;
}

export interface LifecycleEventRule {
  /** Who causes it: the unit's author, a publishing role, or a review decision. */
  by: 'author' | 'staff' | 'review';
  from: Partial<Record<LifecycleFrom, LifecycleStep>>;
  /** The content must be complete (spec 2 §5) for the event. */
  needsComplete?: true;
  /** The unit's provider must be approved (status active): the event puts the unit in the staff's queue. */
  needsApprovedProvider?: true;
  /** The refusal when the status does not allow it (409). */
  refusal: { code: ErrorCode; message: (from: UnitStatus) => string };
}

export const LIFECYCLE_MSG = {
  locked: 'Esta unidade está em análise e não pode ser editada agora.',
  trashed: 'Esta unidade está na lixeira. Recupere-a para editar.',
  badMove: (from: string, to: string) => `Não é possível mudar o status de ${from} para ${to}.`,
  notTrashed: 'Esta unidade não está na lixeira.',
  notAwaiting: 'Só uma versão enviada ou em análise pode ser publicada.',
  notSent: REVIEW_MSG.notSent,
  notPublished: 'Só uma versão aprovada pode receber uma nova versão.',
  notInAnalysis: REVIEW_MSG.moveRefused,
  notReproved: REVIEW_MSG.cannotReopen,
  providerNotApproved:
    'O cadastro do fornecedor ainda está em análise: as unidades podem ser criadas e editadas, mas só poderão ser enviadas para análise depois que o cadastro for aprovado.',
} as const;

const label = (s: string) => UNIT_STATUS_LABELS[s as UnitStatus] ?? s;
const move = (to: UnitStatus) => (from: UnitStatus) => LIFECYCLE_MSG.badMove(label(from), label(to));

export const UNIT_LIFECYCLE: Record<UnitEvent, LifecycleEventRule> = {
  create: { by: 'author', from: { new: { to: 'draft', newRow: true } }, refusal: { code: 'BAD_STATUS_MOVE', message: move('draft') } },
  newVersion: {
    by: 'author',
    from: { publish: { to: 'send', newRow: true } },
    needsComplete: true,
    needsApprovedProvider: true,
    refusal: { code: 'BAD_STATUS_MOVE', message: () => LIFECYCLE_MSG.notPublished },
  },
  save: {
    by: 'author',
    from: { draft: { to: 'draft' }, correction: { to: 'correction' }, reproved: { to: 'draft' } },
    refusal: { code: 'UNIT_LOCKED', message: (from) => (from === 'deleted' ? LIFECYCLE_MSG.trashed : LIFECYCLE_MSG.locked) },
  },
  send: {
    by: 'author',
    from: { draft: { to: 'send' } },
    needsComplete: true,
    needsApprovedProvider: true,
    refusal: { code: 'BAD_STATUS_MOVE', message: move('send') },
  },
  trash: { by: 'author', from: { draft: { to: 'deleted' } }, refusal: { code: 'BAD_STATUS_MOVE', message: move('deleted') } },
  recover: { by: 'author', from: { deleted: { to: 'previous' } }, refusal: { code: 'NOT_TRASHED', message: () => LIFECYCLE_MSG.notTrashed } },
  resend: {
    by: 'author',
    from: { correction: { to: 'analyze' } },
    needsComplete: true,
    needsApprovedProvider: true,
    refusal: { code: 'BAD_STATUS_MOVE', message: move('analyze') },
  },
  delegate: { by: 'staff', from: { send: { to: 'analyze' } }, refusal: { code: 'NOT_SENT', message: () => LIFECYCLE_MSG.notSent } },
  correction: { by: 'review', from: { analyze: { to: 'correction' } }, refusal: { code: 'MOVE_REFUSED', message: () => LIFECYCLE_MSG.notInAnalysis } },
  approve: {
    by: 'review',
    from: { analyze: { to: 'publish', publishes: true } },
    needsComplete: true,
    refusal: { code: 'MOVE_REFUSED', message: () => LIFECYCLE_MSG.notInAnalysis },
  },
  reprove: { by: 'review', from: { analyze: { to: 'reproved' } }, refusal: { code: 'MOVE_REFUSED', message: () => LIFECYCLE_MSG.notInAnalysis } },
  reopen: { by: 'staff', from: { reproved: { to: 'analyze' } }, refusal: { code: 'MOVE_REFUSED', message: () => LIFECYCLE_MSG.notReproved } },
  publishVersion: {
    by: 'staff',
    from: { send: { to: 'publish', publishes: true }, analyze: { to: 'publish', publishes: true } },
    needsComplete: true,
    refusal: { code: 'BAD_STATUS_MOVE', message: () => LIFECYCLE_MSG.notAwaiting },
  },
};

/** The step `event` makes from `from`, or undefined when the table refuses it. */
export function lifecycleStep(from: LifecycleFrom, event: UnitEvent): LifecycleStep | undefined {
  return UNIT_LIFECYCLE[event].from[from];
}

/** The concrete status after the step (`previous` resolves to the status remembered at trashing, draft if none). */
export function resolveTo(step: LifecycleStep, statusBeforeDelete: string | null): UnitStatus {
  return step.to === 'previous' ? ((statusBeforeDelete ?? 'draft') as UnitStatus) : step.to;
}

/** The refusal of `event` from `from`: code and pt-BR message. */
export function lifecycleRefusal(from: UnitStatus, event: UnitEvent): { code: ErrorCode; message: string } {
  const { code, message } = UNIT_LIFECYCLE[event].refusal;
  return { code: event === 'save' && from === 'deleted' ? 'UNIT_TRASHED' : code, message: message(from) };
}

/** The unit's side of a review move (`ReviewMove.unitStatus` of the review machine). */
export const REVIEW_MOVE_EVENTS = { correction: 'correction', publish: 'approve', reproved: 'reprove' } as const satisfies Record<string, UnitEvent>;

/** The author's status moves (PUT …/status with a target status): the author events, by status. */
export const AUTHOR_STATUS_EVENTS = ['send', 'trash', 'resend'] as const satisfies readonly UnitEvent[];

/** The author event that moves `from` to `to`, or undefined. */
export function authorEventFor(from: UnitStatus, to: UnitStatus): UnitEvent | undefined {
  return AUTHOR_STATUS_EVENTS.find((e) => UNIT_LIFECYCLE[e].from[from]?.to === to);
}

/** Every status an author may ask for from `from` (what a client may offer as the author's buttons). */
export function authorMovesFrom(from: UnitStatus): UnitStatus[] {
  return AUTHOR_STATUS_EVENTS.map((e) => UNIT_LIFECYCLE[e].from[from]?.to).filter((to): to is UnitStatus => !!to && to !== 'previous');
}
