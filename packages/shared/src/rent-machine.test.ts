import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from './access';
import {
  changePlanSplits,
  decideRent,
  NEW_RENT,
  OPEN_RENT_STATUSES,
  RENT_ADMIN_TYPES,
  RENT_BUYER_TYPES,
  RENT_EVENTS,
  RENT_MACHINE,
  RENT_STATUSES,
  RENT_SYSTEM,
  rentEventsFor,
  rentStatusLabel,
  type RentFrom,
} from './rent-machine';

const FROMS: RentFrom[] = [NEW_RENT, ...RENT_STATUSES];
const admin: readonly UserType[] = RENT_ADMIN_TYPES;
const buyer: readonly UserType[] = RENT_BUYER_TYPES;

describe('rent machine: every event from every status for every user type', () => {
  for (const event of RENT_EVENTS) {
    for (const from of FROMS) {
      for (const type of USER_TYPES) {
        it(`${event} from ${from} by ${type}`, () => {
          const d = decideRent(event, from, type, from === 'active' ? 'waiting' : 'active');
          const allowedType = RENT_MACHINE[event].who.includes(type);
          if (!allowedType) {
            expect(d).toMatchObject({ ok: false, code: 'RENT_FORBIDDEN' });
            return;
          }
          if (!RENT_MACHINE[event].steps[from]) {
            expect(d).toMatchObject({ ok: false, code: 'RENT_FINAL' });
            return;
          }
          expect(d.ok).toBe(true);
        });
      }
    }
  }
});

describe('rent machine: a system payment', () => {
  it('paid: the system alone, a waiting rent becomes active; nothing else', () => {
    expect(decideRent('paid', 'waiting', RENT_SYSTEM)).toMatchObject({ ok: true, to: 'active' });
    for (const from of ['requested', 'active', 'canceled', 'migrated'] as const) expect(decideRent('paid', from, RENT_SYSTEM)).toMatchObject({ ok: false, code: 'RENT_FINAL' });
    for (const type of USER_TYPES) expect(decideRent('paid', 'waiting', type)).toMatchObject({ ok: false, code: 'RENT_FORBIDDEN' });
    // The system makes no other move.
    for (const event of RENT_EVENTS.filter((e) => e !== 'paid')) expect(decideRent(event, 'waiting', RENT_SYSTEM, 'active')).toMatchObject({ ok: false, code: 'RENT_FORBIDDEN' });
  });
});

describe('rent machine: the moves the spec names', () => {
  it('a payment request opens rents as requested; an admin rental opens active', () => {
    expect(decideRent('request', NEW_RENT, 'seller')).toMatchObject({ ok: true, to: 'requested' });
    expect(decideRent('request', NEW_RENT, 'seller_content_manager')).toMatchObject({ ok: true, to: 'requested' });
    expect(decideRent('request', NEW_RENT, 'seller_assistent')).toMatchObject({ ok: false, code: 'RENT_FORBIDDEN' });
    expect(decideRent('create', NEW_RENT, 'admin')).toMatchObject({ ok: true, to: 'active' });
    expect(decideRent('create', NEW_RENT, 'seller')).toMatchObject({ ok: false });
  });

  it('the manage modal moves between the open statuses, never to the same one, never out of a final one', () => {
    for (const from of OPEN_RENT_STATUSES) {
      for (const to of OPEN_RENT_STATUSES) {
        const d = decideRent('setStatus', from, 'director', to);
        if (from === to) expect(d).toMatchObject({ ok: false, code: 'RENT_SAME_STATUS' });
        else expect(d).toMatchObject({ ok: true, to });
      }
    }
    expect(decideRent('setStatus', 'canceled', 'admin', 'active')).toMatchObject({ ok: false, code: 'RENT_FINAL' });
    expect(decideRent('setStatus', 'migrated', 'admin', 'active')).toMatchObject({ ok: false, code: 'RENT_FINAL' });
    expect(decideRent('setStatus', 'requested', 'admin')).toMatchObject({ ok: false, code: 'RENT_SAME_STATUS' });
  });

  it('a plan change keeps a never-paid rent, splits an active one, and one that was ever active (the server knows its history)', () => {
    expect(decideRent('changePlan', 'requested', 'admin')).toMatchObject({ ok: true, to: 'requested', step: { splitsIfEverActive: true } });
    expect(decideRent('changePlan', 'waiting', 'admin')).toMatchObject({ ok: true, to: 'waiting', step: { splitsIfEverActive: true } });
    expect(decideRent('changePlan', 'active', 'admin')).toMatchObject({ ok: true, to: 'migrated', step: { splits: true } });
  });

  it('changePlanSplits: an active rent always splits; requested or waiting only when ever active; final ones never', () => {
    expect(changePlanSplits('active', false)).toBe(true);
    expect(changePlanSplits('active', true)).toBe(true);
    for (const status of ['requested', 'waiting'] as const) {
      expect(changePlanSplits(status, false)).toBe(false);
      expect(changePlanSplits(status, true)).toBe(true);
    }
    for (const status of ['migrated', 'canceled'] as const) expect(changePlanSplits(status, true)).toBe(false);
  });

  it('the institution cancels an unpaid rent at once and only asks to cancel an active one', () => {
    expect(decideRent('sellerCancel', 'waiting', 'seller')).toMatchObject({ ok: true, to: 'canceled' });
    expect(decideRent('sellerCancel', 'active', 'seller')).toMatchObject({ ok: true, to: 'active', step: { requestsCancellation: true } });
    expect(decideRent('sellerCancel', 'canceled', 'seller')).toMatchObject({ ok: false, code: 'RENT_FINAL' });
  });

  it('buttons come from the same table', () => {
    expect(rentEventsFor('active', 'admin').sort()).toEqual(['cancel', 'changePlan', 'setStatus']);
    expect(rentEventsFor('active', 'seller')).toEqual(['sellerCancel']);
    expect(rentEventsFor('canceled', 'admin')).toEqual([]);
    expect(rentEventsFor('active', 'seller_assistent')).toEqual([]);
    expect(admin).not.toContain('manager');
    expect(buyer).not.toContain('seller_assistent');
  });

  it('labels of spec 3 §4', () => {
    expect(rentStatusLabel('active')).toBe('ATIVO');
    expect(rentStatusLabel('requested')).toBe('SOLICITADO');
    expect(rentStatusLabel('waiting')).toBe('AGUARDANDO');
    expect(rentStatusLabel('pending')).toBe('AGUARDANDO');
  });
});
