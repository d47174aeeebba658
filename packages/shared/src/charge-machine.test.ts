import { describe, expect, it } from 'vitest';
import { USER_TYPES } from './access';
import {
  CHARGE_ADMIN_TYPES,
  CHARGE_EVENTS,
  CHARGE_MACHINE,
  CHARGE_MSG,
  CHARGE_STATUS_COLORS,
  CHARGE_STATUS_LABELS,
  CHARGE_STATUSES,
  CHARGE_SYSTEM,
  CHARGES,
  chargeEventsFor,
  chargeStatusLabel,
  daysLate,
  decideCharge,
  FINAL_CHARGE_STATUSES,
  isLateNoticeDay,
  isOpenCharge,
  isPastDue,
  platformFeeCents,
  suspendsInstitution,
  type ChargeActorType,
} from './charge-machine';

const ACTORS: ChargeActorType[] = [...USER_TYPES, CHARGE_SYSTEM];
/** A charge due yesterday: expire may run. */
const PAST_DUE = { dueDate: '2026-11-10', today: '2026-11-11' };

describe('charge machine: every event from every status for every actor', () => {
  for (const event of CHARGE_EVENTS) {
    for (const from of CHARGE_STATUSES) {
      for (const actor of ACTORS) {
        it(`${event} from ${from} by ${actor}`, () => {
          const d = decideCharge(event, from, actor, PAST_DUE);
          if (!CHARGE_MACHINE[event].who.includes(actor)) {
            expect(d).toEqual({ ok: false, code: 'CHARGE_FORBIDDEN', message: CHARGE_MSG.notAllowed });
            return;
          }
          const step = CHARGE_MACHINE[event].steps[from];
          if (!step) {
            expect(d).toEqual({ ok: false, code: 'CHARGE_WRONG_STATUS', message: CHARGE_MACHINE[event].refusals[from] });
            return;
          }
          expect(d).toEqual({ ok: true, step, to: step.to });
        });
      }
    }
  }

  it('every refused status has its own message (the server answers it with 409)', () => {
    for (const event of CHARGE_EVENTS) {
      for (const from of CHARGE_STATUSES) {
        const { steps, refusals } = CHARGE_MACHINE[event];
        expect(steps[from] === undefined, `${event} from ${from}`).toBe(refusals[from] !== undefined);
      }
    }
  });
});

describe('charge machine: the moves', () => {
  it('pay: an open or overdue charge becomes paid, by the platform team or the system (the Pix notice)', () => {
    for (const from of ['open', 'overdue'] as const) {
      for (const actor of [...CHARGE_ADMIN_TYPES, CHARGE_SYSTEM]) {
        expect(decideCharge('pay', from, actor)).toMatchObject({ ok: true, to: 'paid' });
      }
    }
    expect(decideCharge('pay', 'paid', 'admin')).toEqual({ ok: false, code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.alreadyPaid });
    expect(decideCharge('pay', 'canceled', CHARGE_SYSTEM)).toEqual({ ok: false, code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.canceled });
  });

  it('expire: only the system, only an open charge, only once its due date has passed', () => {
    expect(decideCharge('expire', 'open', CHARGE_SYSTEM, PAST_DUE)).toMatchObject({ ok: true, to: 'overdue' });
    expect(decideCharge('expire', 'open', CHARGE_SYSTEM, { dueDate: '2026-11-10', today: '2026-11-10' })).toEqual({
      ok: false,
      code: 'CHARGE_NOT_DUE',
      message: CHARGE_MSG.notDue,
    });
    expect(decideCharge('expire', 'open', CHARGE_SYSTEM, { dueDate: '2026-11-10', today: '2026-11-01' })).toMatchObject({ code: 'CHARGE_NOT_DUE' });
    expect(decideCharge('expire', 'open', CHARGE_SYSTEM)).toMatchObject({ code: 'CHARGE_NOT_DUE' });
    expect(decideCharge('expire', 'overdue', CHARGE_SYSTEM, PAST_DUE)).toMatchObject({ code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.alreadyOverdue });
    expect(decideCharge('expire', 'paid', CHARGE_SYSTEM, PAST_DUE)).toMatchObject({ code: 'CHARGE_WRONG_STATUS' });
    for (const type of USER_TYPES) expect(decideCharge('expire', 'open', type, PAST_DUE)).toMatchObject({ code: 'CHARGE_FORBIDDEN' });
  });

  it('cancel: an unpaid charge, by the platform team (or the system, for a canceled rent); a paid one never', () => {
    expect(decideCharge('cancel', 'open', 'admin')).toMatchObject({ ok: true, to: 'canceled' });
    expect(decideCharge('cancel', 'overdue', 'director')).toMatchObject({ ok: true, to: 'canceled' });
    expect(decideCharge('cancel', 'paid', 'admin')).toEqual({ ok: false, code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.paidNotCanceled });
    expect(decideCharge('cancel', 'canceled', 'admin')).toMatchObject({ code: 'CHARGE_WRONG_STATUS' });
    // The system cancels the unpaid charges its rent's cancellation voids; no other user type ever cancels.
    expect(decideCharge('cancel', 'open', CHARGE_SYSTEM)).toMatchObject({ ok: true, to: 'canceled' });
    expect(decideCharge('cancel', 'open', 'seller')).toMatchObject({ code: 'CHARGE_FORBIDDEN' });
  });

  it('no institution, provider or reviewing staff moves a charge', () => {
    for (const type of ['seller', 'seller_content_manager', 'seller_assistent', 'provider', 'editor', 'manager', 'curator', 'review'] as const) {
      for (const event of CHARGE_EVENTS) expect(decideCharge(event, 'open', type, PAST_DUE)).toMatchObject({ ok: false, code: 'CHARGE_FORBIDDEN' });
    }
  });

  it('paid and canceled are final: no event leaves them', () => {
    for (const from of FINAL_CHARGE_STATUSES) {
      for (const actor of ACTORS) expect(chargeEventsFor(from, actor)).toEqual([]);
    }
  });

  it('buttons come from the same table', () => {
    expect(chargeEventsFor('open', 'admin')).toEqual(['pay', 'cancel']);
    expect(chargeEventsFor('overdue', 'director')).toEqual(['pay', 'cancel']);
    expect(chargeEventsFor('open', CHARGE_SYSTEM)).toEqual(['pay', 'expire', 'cancel']);
    expect(chargeEventsFor('overdue', CHARGE_SYSTEM)).toEqual(['pay', 'cancel']);
    expect(chargeEventsFor('open', 'seller')).toEqual([]);
  });
});

describe('charge statuses', () => {
  it('open and overdue are unpaid; paid and canceled are not', () => {
    expect(CHARGE_STATUSES.filter(isOpenCharge)).toEqual(['open', 'overdue']);
    expect(isOpenCharge('pending')).toBe(false);
  });

  it('pt-BR labels and a colour for each', () => {
    expect(CHARGE_STATUS_LABELS).toEqual({ open: 'ABERTA', paid: 'PAGA', overdue: 'VENCIDA', canceled: 'CANCELADA' });
    expect(chargeStatusLabel('overdue')).toBe('VENCIDA');
    expect(chargeStatusLabel('unknown')).toBe('ABERTA');
    expect(Object.keys(CHARGE_STATUS_COLORS).sort()).toEqual([...CHARGE_STATUSES].sort());
  });
});

describe('CHARGES: due date, notices, suspension, fee', () => {
  it('the defaults', () => {
    expect(CHARGES).toEqual({ defaultDueDays: 5, lateNoticeDays: [0, 3, 7], suspendAfterDaysLate: 10, defaultPlatformFeeBps: 0 });
  });

  it('days late count calendar days, across months and years', () => {
    expect(daysLate({ dueDate: '2026-11-10', today: '2026-11-10' })).toBe(0);
    expect(daysLate({ dueDate: '2026-11-10', today: '2026-11-05' })).toBe(-5);
    expect(daysLate({ dueDate: '2026-11-28', today: '2026-12-03' })).toBe(5);
    expect(daysLate({ dueDate: '2026-12-30', today: '2027-01-02' })).toBe(3);
    expect(daysLate({ dueDate: '2028-02-28', today: '2028-03-01' })).toBe(2);
    expect(() => daysLate({ dueDate: '10/11/2026', today: '2026-11-10' })).toThrow();
  });

  it('past due from the day after the due date', () => {
    expect(isPastDue({ dueDate: '2026-11-10', today: '2026-11-10' })).toBe(false);
    expect(isPastDue({ dueDate: '2026-11-10', today: '2026-11-11' })).toBe(true);
  });

  it('late notices on the due date and 3 and 7 days after it', () => {
    const noticed = Array.from({ length: 15 }, (_, i) => i).filter((day) =>
      isLateNoticeDay({ dueDate: '2026-11-10', today: `2026-11-${String(10 + day).padStart(2, '0')}` }),
    );
    expect(noticed).toEqual([0, 3, 7]);
  });

  it('the institution is suspended when a charge is more than 10 days late (day 11)', () => {
    expect(suspendsInstitution({ dueDate: '2026-11-10', today: '2026-11-20' })).toBe(false);
    expect(suspendsInstitution({ dueDate: '2026-11-10', today: '2026-11-21' })).toBe(true);
  });

  it('the platform fee: none by default; whole centavos, half up', () => {
    expect(platformFeeCents(123_456)).toBe(0);
    expect(platformFeeCents(10_000, 250)).toBe(250);
    expect(platformFeeCents(150, 100)).toBe(2);
    expect(platformFeeCents(149, 100)).toBe(1);
    expect(platformFeeCents(99_999, 10_000)).toBe(99_999);
    expect(() => platformFeeCents(10.5, 100)).toThrow();
    expect(() => platformFeeCents(100, -1)).toThrow();
    expect(() => platformFeeCents(100, 10_001)).toThrow();
  });
});
