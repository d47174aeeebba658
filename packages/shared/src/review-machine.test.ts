import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from './access';
import { afterCorrection, allowedMoves, applyMove, canReopen, currentStage, resolveMove, STAGE_STATUSES, type ReviewState } from './review-machine';

const CURATOR = 10;
const REVIEWER = 20;
const open: ReviewState = { unitStatus: 'analyze', active: true, curatorId: CURATOR, reviewerId: REVIEWER, curatorStatus: null, reviewerStatus: null, managerStatus: null };
const actor = (type: UserType, id = 99) => ({ id, type });

describe('review state machine', () => {
  it('starts with curation, then revision, then the decision', () => {
    expect(currentStage(open)).toBe('curation');
    expect(currentStage({ ...open, curatorStatus: 'approved' })).toBe('revision');
    expect(currentStage({ ...open, curatorStatus: 'approved', reviewerStatus: 'approved' })).toBe('decision');
    expect(currentStage({ ...open, curatorStatus: 'reproved' })).toBe('decision');
    expect(currentStage({ ...open, unitStatus: 'correction', curatorStatus: 'correction' })).toBeNull();
    expect(currentStage({ ...open, active: false })).toBeNull();
  });

  it('lets only the assigned curator (or admin and manager) curate', () => {
    for (const status of STAGE_STATUSES) {
      expect(resolveMove(open, actor('curator', CURATOR), status)?.stage).toBe('curation');
      expect(resolveMove(open, actor('curator', 11), status)).toBeUndefined();
      expect(resolveMove(open, actor('review', REVIEWER), status)).toBeUndefined();
      expect(resolveMove(open, actor('admin'), status)?.stage).toBe('curation');
      expect(resolveMove(open, actor('manager'), status)?.stage).toBe('curation');
    }
    // The director may not curate; before curation it may only reprove (the decision).
    expect(resolveMove(open, actor('director'), 'approved')).toBeUndefined();
    expect(resolveMove(open, actor('director'), 'reproved')?.stage).toBe('decision');
  });

  it('lets only the assigned reviewer (or admin and manager) review, after curation approved', () => {
    const curated = { ...open, curatorStatus: 'approved' as const };
    expect(resolveMove(curated, actor('review', REVIEWER), 'approved')?.stage).toBe('revision');
    expect(resolveMove(open, actor('review', REVIEWER), 'approved')).toBeUndefined();
    expect(resolveMove(curated, actor('curator', CURATOR), 'approved')).toBeUndefined();
    expect(resolveMove(curated, actor('review', 21), 'correction')).toBeUndefined();
  });

  it('publishes only when both stages approved; reproving closes the review', () => {
    const both = { ...open, curatorStatus: 'approved' as const, reviewerStatus: 'approved' as const };
    const publish = resolveMove(both, actor('director'), 'approved')!;
    expect(publish).toMatchObject({ stage: 'decision', unitStatus: 'publish', closes: true });
    expect(applyMove(both, publish)).toMatchObject({ managerStatus: 'approved', unitStatus: 'publish', active: false });
    const disagree = { ...open, curatorStatus: 'approved' as const, reviewerStatus: 'reproved' as const };
    expect(resolveMove(disagree, actor('director'), 'approved')).toBeUndefined();
    const reprove = resolveMove(disagree, actor('director'), 'reproved')!;
    expect(reprove).toMatchObject({ needsComment: true, unitStatus: 'reproved', closes: true });
    expect(resolveMove(disagree, actor('director'), 'correction')).toBeUndefined();
  });

  it('correction and reproval need a comment; correction sends the unit to the author', () => {
    const move = resolveMove(open, actor('curator', CURATOR), 'correction')!;
    expect(move.needsComment).toBe(true);
    const after = applyMove(open, move);
    expect(after).toMatchObject({ unitStatus: 'correction', curatorStatus: 'correction', active: true });
    // Nothing can be done while the author corrects.
    for (const type of USER_TYPES) expect(allowedMoves(after, actor(type, CURATOR))).toEqual([]);
    // Sent again, curation starts over.
    expect(afterCorrection(after)).toMatchObject({ unitStatus: 'analyze', curatorStatus: null });
    expect(afterCorrection(open)).toBeUndefined();
    expect(resolveMove(open, actor('curator', CURATOR), 'approved')!.needsComment).toBe(false);
  });

  it('no type outside staff may move anything', () => {
    for (const type of ['provider', 'serviceProvider', 'editor', 'seller', 'seller_assistent', 'seller_content_manager', 'client', 'user'] as const) {
      for (const state of [open, { ...open, curatorStatus: 'approved' as const, reviewerStatus: 'approved' as const }]) {
        expect(allowedMoves(state, actor(type, CURATOR)), type).toEqual([]);
      }
    }
  });

  it('a closed review allows no move and may be reopened by publishing roles only', () => {
    const closed = { ...open, active: false, managerStatus: 'reproved' as const, unitStatus: 'reproved' };
    for (const type of USER_TYPES) expect(allowedMoves(closed, actor(type, CURATOR))).toEqual([]);
    expect(canReopen(closed, actor('manager'))).toBe(true);
    expect(canReopen(closed, actor('curator', CURATOR))).toBe(false);
    expect(canReopen(open, actor('admin'))).toBe(false);
  });
});
