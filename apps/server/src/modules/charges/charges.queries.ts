/**
 * The charges as the routes answer them: each with its rents (provider, plan, amount) and, while unpaid, its Pix copia
 * e cola. The team's list reads every institution's (status, institution); the institution's list reads its own through
 * the gate's `charge.read` (another institution's charge is not in it, and answers 404 by id).
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { isOpenCharge, type ChargeStatus } from '@edu/shared/charge-machine';
import type { z } from 'zod';
import type { ChargeReply, ChargeRow, ChargesPage, staffChargesQuery } from '@edu/shared/charges';
import type { Config } from '../../config';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { accessWhere, requireAccess } from '../access/index';
import { plans, providers, rents, sellers } from '../../db/schema';
import { chargeRents, charges } from './charges.tables';
import { chargePix, pixReceiver, pixStateOf } from './pix-settings';

export type PixConfig = Pick<Config, 'PIX_KEY' | 'PIX_NAME' | 'PIX_CITY' | 'loadDemoData'>;
type ListQuery = z.output<typeof staffChargesQuery>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The rows of `ids`, in that order, with their rents and Pix codes. */
export async function rowsOf(ex: Executor, config: PixConfig, ids: number[]): Promise<ChargeRow[]> {
  if (ids.length === 0) return [];
  const receiver = pixReceiver(config);
  const found = await ex
    .select({ charge: charges, sellerName: sellers.name })
    .from(charges)
    .innerJoin(sellers, eq(sellers.id, charges.sellerId))
    .where(inArray(charges.id, ids));
  const parts = await ex
    .select({
      chargeId: chargeRents.chargeId,
      rentId: chargeRents.rentId,
      amountCents: chargeRents.amountCents,
      providerId: rents.providerId,
      companyName: providers.companyName,
      planName: plans.name,
    })
    .from(chargeRents)
    .innerJoin(rents, eq(rents.id, chargeRents.rentId))
    .innerJoin(providers, eq(providers.id, rents.providerId))
    .innerJoin(plans, eq(plans.id, rents.planId))
    .where(inArray(chargeRents.chargeId, ids))
    .orderBy(asc(chargeRents.rentId));
  const byId = new Map(found.map((f) => [f.charge.id, f]));
  return ids.flatMap((id) => {
    const f = byId.get(id);
    if (!f) return [];
    const c = f.charge;
    return [
      {
        id: c.id,
        code: c.code,
        sellerId: c.sellerId,
        sellerName: f.sellerName,
        period: c.period,
        amountCents: c.amountCents,
        dueOn: c.dueOn,
        status: c.status as ChargeStatus,
        paidAt: iso(c.paidAt),
        paidOn: c.paidOn,
        paidReference: c.paidReference,
        canceledAt: iso(c.canceledAt),
        createdAt: c.createdAt.toISOString(),
        rents: parts.filter((p) => p.chargeId === id).map(({ chargeId: _, ...p }) => p),
        pixCopiaECola: isOpenCharge(c.status) ? chargePix(receiver, c) : null,
      },
    ];
  });
}

/** One charge as the routes answer it (the caller has checked access). */
export async function chargeReply(ex: Executor, config: PixConfig, chargeId: number): Promise<ChargeReply> {
  const [charge] = await rowsOf(ex, config, [chargeId]);
  if (!charge) throw notFound();
  return { charge, pix: pixStateOf(pixReceiver(config)) };
}

type ListConfig = PixConfig & Pick<Config, 'CHARGE_SUSPEND_AFTER_DAYS'>;

async function listPage(ex: Executor, config: ListConfig, where: SQL | undefined, query: Pick<ListQuery, 'page' | 'limit'>): Promise<ChargesPage> {
  const [{ total }] = (await ex.select({ total: count() }).from(charges).where(where)) as [{ total: number }];
  const ids = await ex
    .select({ id: charges.id })
    .from(charges)
    .where(where)
    .orderBy(desc(charges.period), desc(charges.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const data = await rowsOf(
    ex,
    config,
    ids.map((r) => r.id),
  );
  return {
    data,
    total: Number(total),
    page: query.page,
    limit: query.limit,
    pix: pixStateOf(pixReceiver(config)),
    suspendAfterDays: config.CHARGE_SUSPEND_AFTER_DAYS,
  };
}

export function chargeQueries(deps: { db: Executor; config: ListConfig }) {
  const { db, config } = deps;
  return {
    /** GET /charges: every institution's charges (admin, director), by status and institution, newest period first. */
    async staffList(auth: AuthContext, query: ListQuery): Promise<ChargesPage> {
      const where = and(
        accessWhere(auth, 'charge.read'),
        query.status ? eq(charges.status, query.status) : undefined,
        query.sellerId ? eq(charges.sellerId, query.sellerId) : undefined,
      );
      return listPage(db, config, where, query);
    },
    /** GET /sellers/charges: the caller's institution's charges. */
    async sellerList(auth: AuthContext, query: Omit<ListQuery, 'sellerId'>): Promise<ChargesPage> {
      const where = and(accessWhere(auth, 'charge.read'), query.status ? eq(charges.status, query.status) : undefined);
      return listPage(db, config, where, query);
    },
    /** GET /sellers/charges/:id: one of the caller's institution's charges; anyone else's answers 404. */
    async sellerView(auth: AuthContext, chargeId: number): Promise<ChargeReply> {
      await requireAccess(db, auth, 'charge.read', chargeId);
      return chargeReply(db, config, chargeId);
    },
  };
}
