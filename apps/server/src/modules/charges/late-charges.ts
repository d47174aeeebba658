/**
 * The late-payment rule (docs/decisions.md, "Late payment"), a periodic job in every instance (`startLateCharges`,
 * main.ts, every CHARGE_ISSUE_MINUTES like the issuing), safe with several instances at once. On São Paulo's `today`:
 *
 * 1. **Expire**: an open charge whose due date has passed becomes overdue (`moveCharge` expire, the system; audited
 *    `expired_charge`). Two instances race on the charge's row lock; the second is refused by the machine (409) and
 *    skips it.
 * 2. **Notices**: an unpaid charge is announced to the institution (charge.late_notice: bell and e-mail with the Pix
 *    code) on each CHARGE_LATE_NOTICE_DAYS day after its due date (0, 3, 7). Each notice is a `charge_notices` row
 *    (charge_id, day), PRIMARY KEY: written once however many runs try. A run sends only the LATEST notice due: a job
 *    that did not run for some days sends one notice, not a burst, and never an older one after a newer.
 * 3. **Suspension**: an institution with an unpaid charge more than CHARGE_SUSPEND_AFTER_DAYS days late is suspended
 *    for non-payment (the institutions module: only an active one), under its late-payment lock (late-rule.ts).
 * 4. **Lifting**: an institution suspended for non-payment with no charge beyond the tolerance any more (its late
 *    charges were canceled, or paid by a path that ran before) is reactivated. A payment lifts it at once (payCharge);
 *    this is the safety net.
 *
 * Each charge and each institution is its own short transaction: one failing does not stop the others.
 */
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, max } from 'drizzle-orm';
import { INSTITUTION_ACTIVE_STATUS } from '@edu/shared/institutions';
import { CHARGE_SYSTEM, daysLate, OPEN_CHARGE_STATUSES, type ChargeStatus } from '@edu/shared/charge-machine';
import { spToday } from '@edu/shared/format';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { record } from '../../platform/audit';
import { domainEvents } from '../../platform/domain-events';
import { sellers } from '../../db/schema';
import { reactivateAfterPayment, suspendForNonPayment } from '../institutions/index';
import { addDays } from './charge-dates';
import { chargeFacts } from './charge-facts';
import { chargeNotices, charges } from './charges.tables';
import { moveCharge, SYSTEM_ACTOR } from './charges.commands';
import { chargesLateBeyond, lateCutoff, lockLatePayment } from './late-rule';
import './events';

type LateDeps = Pick<Deps, 'db' | 'jobs' | 'config'>;

const OPEN: ChargeStatus = 'open';

export interface LateResult {
  /** São Paulo's date the run judged. */
  today: string;
  /** Charges moved open → overdue by this run. */
  expired: number[];
  /** Notices this run sent: the charge and the notice day. */
  notices: { chargeId: number; day: number }[];
  /** Institutions this run suspended for non-payment. */
  suspended: number[];
  /** Institutions this run reactivated (suspended for non-payment, nothing late any more). */
  reactivated: number[];
}

/** The latest notice day due for a charge `late` days late, or null (none yet). `days` sorted ascending. */
export function latestNoticeDay(days: readonly number[], late: number): number | null {
  let due: number | null = null;
  for (const d of days) if (d <= late) due = d;
  return due;
}

const alreadyMoved = (err: unknown) => err instanceof AppError && err.statusCode === 409;

async function expire(deps: LateDeps, today: string, result: LateResult) {
  const due = await deps.db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.status, OPEN), lt(charges.dueOn, today)))
    .orderBy(charges.id);
  for (const { id } of due) {
    try {
      await deps.db.transaction(async (tx) => {
        const { charge, from, to } = await moveCharge(tx, id, 'expire', SYSTEM_ACTOR, { today });
        await record(tx, {
          userId: null,
          sellerId: null,
          action: 'expired_charge',
          data: { chargeId: id, sellerId: charge.sellerId, code: charge.code, period: charge.period, amountCents: charge.amountCents, dueOn: charge.dueOn, from, to, by: CHARGE_SYSTEM },
        });
      });
      result.expired.push(id);
    } catch (err) {
      // Another instance expired it (or it was paid or canceled meanwhile): nothing to do.
      if (!alreadyMoved(err)) throw err;
    }
  }
}

async function notify(deps: LateDeps, today: string, result: LateResult) {
  const days = deps.config.CHARGE_LATE_NOTICE_DAYS;
  if (days.length === 0) return;
  const candidates = await deps.db
    .select({ id: charges.id, dueOn: charges.dueOn })
    .from(charges)
    .where(and(inArray(charges.status, [...OPEN_CHARGE_STATUSES]), lte(charges.dueOn, addDays(today, -days[0]!))))
    .orderBy(charges.id);
  const events = domainEvents(deps);
  // The latest notice each has had, read at once: a charge whose latest notice due is sent costs no transaction.
  const sentDays = new Map<number, number>();
  if (candidates.length > 0) {
    const rows = await deps.db
      .select({ chargeId: chargeNotices.chargeId, day: max(chargeNotices.day) })
      .from(chargeNotices)
      .where(inArray(chargeNotices.chargeId, candidates.map((c) => c.id)))
      .groupBy(chargeNotices.chargeId);
    for (const r of rows) if (r.day !== null) sentDays.set(r.chargeId, r.day);
  }
  for (const c of candidates) {
    const late = daysLate({ dueDate: c.dueOn, today });
    const day = latestNoticeDay(days, late);
    if (day === null || (sentDays.get(c.id) ?? -1) >= day) continue;
    const sent = await deps.db.transaction(async (tx) => {
      // Still unpaid now that the charge is ours (a payment may have committed since the list was read).
      const [charge] = await tx.select().from(charges).where(eq(charges.id, c.id)).for('no key update');
      if (!charge || !(OPEN_CHARGE_STATUSES as readonly string[]).includes(charge.status)) return false;
      // This notice or a later one was sent already: a skipped notice is never sent after a newer one.
      const [later] = await tx
        .select({ day: chargeNotices.day })
        .from(chargeNotices)
        .where(and(eq(chargeNotices.chargeId, c.id), gte(chargeNotices.day, day)))
        .orderBy(desc(chargeNotices.day))
        .limit(1);
      if (later) return false;
      const inserted = await tx.insert(chargeNotices).values({ chargeId: c.id, day }).onConflictDoNothing().returning({ day: chargeNotices.day });
      if (inserted.length === 0) return false;
      const facts = await chargeFacts(tx, deps.config, c.id);
      const suspendsOn = addDays(charge.dueOn, deps.config.CHARGE_SUSPEND_AFTER_DAYS + 1);
      await events.emit(tx, { name: 'charge.late_notice', ...facts, daysLate: late, suspendsOn });
      await record(tx, {
        userId: null,
        sellerId: null,
        action: 'sent_charge_late_notice',
        data: { chargeId: c.id, sellerId: charge.sellerId, code: charge.code, dueOn: charge.dueOn, day, daysLate: late, status: charge.status },
      });
      return true;
    });
    if (sent) result.notices.push({ chargeId: c.id, day });
  }
}

async function suspend(deps: LateDeps, today: string, result: LateResult) {
  const tolerance = deps.config.CHARGE_SUSPEND_AFTER_DAYS;
  // Only active institutions can be suspended by the system (the institutions module checks it again under the lock).
  const late = await deps.db
    .selectDistinct({ sellerId: charges.sellerId })
    .from(charges)
    .innerJoin(sellers, eq(sellers.id, charges.sellerId))
    .where(and(inArray(charges.status, [...OPEN_CHARGE_STATUSES]), lt(charges.dueOn, lateCutoff(today, tolerance)), eq(sellers.status, INSTITUTION_ACTIVE_STATUS)))
    .orderBy(charges.sellerId);
  for (const { sellerId } of late) {
    const done = await deps.db.transaction(async (tx) => {
      await lockLatePayment(tx, sellerId);
      // Read again under the lock: a payment may have committed meanwhile.
      const chargeIds = await chargesLateBeyond(tx, sellerId, today, tolerance);
      if (chargeIds.length === 0) return false;
      return suspendForNonPayment(tx, deps, sellerId, { chargeIds, daysTolerated: tolerance });
    });
    if (done) result.suspended.push(sellerId);
  }
}

async function lift(deps: LateDeps, today: string, result: LateResult) {
  const tolerance = deps.config.CHARGE_SUSPEND_AFTER_DAYS;
  // Only the system writes a reason, and only while suspended (institutions/non-payment.ts).
  const held = await deps.db.select({ id: sellers.id }).from(sellers).where(isNotNull(sellers.suspensionReason)).orderBy(sellers.id);
  for (const { id } of held) {
    const done = await deps.db.transaction(async (tx) => {
      await lockLatePayment(tx, id);
      if ((await chargesLateBeyond(tx, id, today, tolerance)).length > 0) return false;
      return reactivateAfterPayment(tx, deps, id, { cause: 'nothing_late' });
    });
    if (done) result.reactivated.push(id);
  }
}

/** One run of the late-payment rule on `now` (tests pass a controlled clock). */
export async function runLateCharges(deps: LateDeps, now: Date = new Date()): Promise<LateResult> {
  const today = spToday(now);
  const result: LateResult = { today, expired: [], notices: [], suspended: [], reactivated: [] };
  await expire(deps, today, result);
  await notify(deps, today, result);
  await suspend(deps, today, result);
  await lift(deps, today, result);
  return result;
}

/** The late-payment rule at start and every `minutes` (main.ts); a failed run is logged and the next one tries again. */
export function startLateCharges(deps: LateDeps, minutes: number, log: { error: (o: object, m: string) => void }): () => void {
  const run = () => void runLateCharges(deps).catch((err: unknown) => log.error({ err }, 'cobranças: falha ao aplicar a regra de atraso'));
  run();
  const timer = setInterval(run, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

