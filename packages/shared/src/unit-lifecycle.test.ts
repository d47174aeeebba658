import { describe, expect, it } from 'vitest';
import { UNIT_STATUSES, UNIT_STATUS_LABELS, type UnitStatus } from './units';
import { applyMove, resolveMove, type ReviewState } from './review-machine';
import {
  authorEventFor,
  authorMovesFrom,
  lifecycleRefusal,
  lifecycleStep,
  NEW_ROW,
  resolveTo,
  REVIEW_MOVE_EVENTS,
  UNIT_EVENTS,
  UNIT_LIFECYCLE,
  type LifecycleFrom,
  type UnitEvent,
} from './unit-lifecycle';

/** The whole table written out: every event from every status (and from a row not yet created). */
const EXPECTED: Record<UnitEvent, Partial<Record<LifecycleFrom, string>>> = {
  create: { new: 'draft (new row)' },
  newVersion: { publish: 'send (new row)' },
  save: { draft: 'draft', correction: 'correction', reproved: 'draft' },
  send: { draft: 'send' },
  trash: { draft: 'deleted' },
  recover: { deleted: 'previous' },
  resend: { correction: 'analyze' },
  delegate: { send: 'analyze' },
  correction: { analyze: 'correction' },
  approve: { analyze: 'publish → published' },
  reprove: { analyze: 'reproved' },
  reopen: { reproved: 'analyze' },
  publishVersion: { send: 'publish → published', analyze: 'publish → published' },
};

const describeStep = (from: LifecycleFrom, event: UnitEvent) => {
  const step = lifecycleStep(from, event);
  if (!step) return undefined;
  return `${step.to}${step.newRow ? ' (new row)' : ''}${step.publishes ? ' → published' : ''}`;
};

describe('unit lifecycle', () => {
  const FROMS: LifecycleFrom[] = [NEW_ROW, ...UNIT_STATUSES];

  it.each(UNIT_EVENTS.map((e) => [e]))('%s: walks every status, allowing exactly the table', (event) => {
    for (const from of FROMS) {
      expect(describeStep(from, event), `${event} from ${from}`).toBe(EXPECTED[event][from]);
      if (from !== NEW_ROW && !lifecycleStep(from, event)) {
        // Every refusal is a 409-worthy code with a pt-BR message (no English, never empty).
        const refusal = lifecycleRefusal(from, event);
        expect(refusal.code).toMatch(/^[A-Z_]+$/);
        expect(refusal.message.length).toBeGreaterThan(10);
        expect(refusal.message).not.toMatch(/\b(cannot|not allowed|the|is)\b/i);
      }
    }
  });

  it('only publishing events move the published pointer, and they lead to publish', () => {
    for (const event of UNIT_EVENTS) {
      for (const from of FROMS) {
        const step = lifecycleStep(from, event);
        if (step?.publishes) expect(step.to, `${event} from ${from}`).toBe('publish');
      }
    }
    const publishing = UNIT_EVENTS.filter((e) => Object.values(UNIT_LIFECYCLE[e].from).some((s) => s?.publishes));
    expect(publishing.sort()).toEqual(['approve', 'publishVersion']);
  });

  it('the events that send a unit to analysis or publish it need a complete unit', () => {
    const complete = UNIT_EVENTS.filter((e) => UNIT_LIFECYCLE[e].needsComplete);
    expect(complete.sort()).toEqual(['approve', 'newVersion', 'publishVersion', 'resend', 'send']);
  });

  it('recover returns a trashed version to the status it had (draft when unknown)', () => {
    const step = lifecycleStep('deleted', 'recover')!;
    expect(resolveTo(step, 'draft')).toBe('draft');
    expect(resolveTo(step, null)).toBe('draft');
    expect(resolveTo(lifecycleStep('draft', 'send')!, 'correction')).toBe('send');
  });

  it('saving a trashed or locked version names the reason', () => {
    expect(lifecycleRefusal('deleted', 'save')).toMatchObject({ code: 'UNIT_TRASHED', message: expect.stringContaining('lixeira') });
    expect(lifecycleRefusal('analyze', 'save')).toMatchObject({ code: 'UNIT_LOCKED', message: expect.stringContaining('análise') });
    expect(lifecycleRefusal('publish', 'send').message).toBe(`Não é possível mudar o status de ${UNIT_STATUS_LABELS.publish} para ${UNIT_STATUS_LABELS.send}.`);
  });

  it("the author's status moves of spec 2 §4.1 are the table's author events, and only those", () => {
    // draft → send or trash; a corrected unit goes back to its active review (review-machine `afterCorrection`).
    const AUTHOR_STATUS_MOVES: Partial<Record<UnitStatus, UnitStatus[]>> = { draft: ['send', 'deleted'], correction: ['analyze'] };
    for (const from of UNIT_STATUSES) {
      expect(authorMovesFrom(from).sort(), from).toEqual([...(AUTHOR_STATUS_MOVES[from] ?? [])].sort());
      for (const to of UNIT_STATUSES) {
        const event = authorEventFor(from, to);
        if (event) expect(UNIT_LIFECYCLE[event].by).toBe('author');
        expect(!!event, `${from} → ${to}`).toBe((AUTHOR_STATUS_MOVES[from] ?? []).includes(to));
      }
    }
  });

  it("every unit status a review move leads to is the step of that move's lifecycle event", () => {
    const open: ReviewState = { unitStatus: 'analyze', active: true, curatorId: 1, reviewerId: 2, curatorStatus: 'approved', reviewerStatus: 'approved', managerStatus: null };
    const moves = [
      resolveMove(open, { id: 9, type: 'director' }, 'approved')!,
      resolveMove(open, { id: 9, type: 'director' }, 'reproved')!,
      resolveMove({ ...open, curatorStatus: null }, { id: 1, type: 'curator' }, 'correction')!,
    ];
    for (const move of moves) {
      const event = REVIEW_MOVE_EVENTS[move.unitStatus!];
      expect(UNIT_LIFECYCLE[event].by).toBe('review');
      expect(lifecycleStep('analyze', event)?.to).toBe(applyMove(open, move).unitStatus as UnitStatus);
    }
  });
});
