/**
 * The rent reads of the institution ('Meus alugueis', spec 3 §2.8) and of the platform team (rentals control,
 * §2.12, the 'Novo Aluguel' panel), and the lookups the moves share (rents.commands.ts): a rent's row, an
 * institution, a provider's price on a plan.
 *
 * Lists show OPEN rents only (requested, waiting, active): canceled and migrated rents are history
 * (rent_history, the audit log), not rows an institution acts on.
 */
import { rowNumber } from '../../platform/json-rows';
import { and, asc, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_RENT_STATUSES, type RentStatus } from '@edu/shared/rent-machine';
import {
  RENTS_MSG,
  type PlansSellerReply,
  type RentCounts,
  type RentRow,
  type rentableProvidersQuery,
  type rentsListQuery,
} from '@edu/shared/rents';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, notFound } from '../../platform/errors';
import { foldedMatch } from '../../platform/search';
import { uploadUrlSql } from '../../platform/storage';
import { accessWhere, openRentOf, priceOn } from '../access/index';
import { planPrices, plans, providers, sellers } from '../../db/schema';
import { everActiveOf } from './rent-lifecycle';
import { rents } from './rents.tables';

type ListQuery = z.output<typeof rentsListQuery>;

const rowColumns = {
  id: rents.id,
  status: rents.status,
  providerId: rents.providerId,
  companyName: providers.companyName,
  imgLogoUrl: uploadUrlSql(providers.imgLogoKey),
  units: providers.publishedUnits,
  planId: rents.planId,
  planName: plans.name,
  valueCents: rents.valueCents,
  createdAt: rents.createdAt,
  cancelRequestedAt: rents.cancelRequestedAt,
  everActive: everActiveOf(sql`${rents.id}`),
};

type RowRecord = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRentRow(r: RowRecord): RentRow {
  return {
    ...r,
    status: r.status as RentStatus,
    createdAt: r.createdAt.toISOString(),
    cancelRequestedAt: r.cancelRequestedAt ? r.cancelRequestedAt.toISOString() : null,
  };
}

const selectRows = (ex: Executor) =>
  ex
    .select(rowColumns)
    .from(rents)
    .innerJoin(providers, eq(providers.id, rents.providerId))
    .innerJoin(plans, eq(plans.id, rents.planId))
    .$dynamic();

/** One rent as the lists show it (404 when missing). */
export async function rentRow(ex: Executor, rentId: number): Promise<RentRow> {
  const [row] = await selectRows(ex).where(eq(rents.id, rentId));
  if (!row) throw notFound();
  return toRentRow(row);
}

type SellerHead = { id: number; name: string; planId: number | null; status: string };

/**
 * The open rents of one institution, filtered, ordered and paged, with the counts per status, in one statement: a
 * head row (the counts; with `withSeller`, the institution itself, null when missing) left-joined to the page.
 */
async function listOf(ex: Executor, sellerId: number, q: ListQuery, scope: SQL | undefined, withSeller = false) {
  const base: SQL[] = [eq(rents.sellerId, sellerId), inArray(rents.status, [...OPEN_RENT_STATUSES])];
  if (scope) base.push(scope);
  if (q.name) base.push(foldedMatch(providers.companyNameFolded, q.name));
  const baseWhere = and(...base);
  const where = q.status ? and(baseWhere, eq(rents.status, q.status)) : baseWhere;
  // A-Z by company name as a pt-BR reader expects it (accents and case ignored); Mais Recentes newest first.
  const order =
    q.order === 'name'
      ? [asc(providers.companyNameFolded), asc(providers.companyName), asc(rents.id)]
      : [desc(rents.createdAt), desc(rents.id)];
  const head = ex
    .select({
      all: sql<number>`count(*)::int`.as('all'),
      active: sql<number>`(count(*) filter (where ${rents.status} = 'active'))::int`.as('active'),
      requested: sql<number>`(count(*) filter (where ${rents.status} = 'requested'))::int`.as('requested'),
      waiting: sql<number>`(count(*) filter (where ${rents.status} = 'waiting'))::int`.as('waiting'),
      seller: (withSeller
        ? sql<SellerHead | null>`(select json_build_object('id', s.id, 'name', s.name, 'planId', s.plan_id, 'status', s.status) from sellers s where s.id = ${sellerId})`
        : sql<null>`null::json`
      ).as('seller'),
    })
    .from(rents)
    .innerJoin(providers, eq(providers.id, rents.providerId))
    .where(baseWhere)
    .as('head');
  const page = ex
    .select({
      ...rowColumns,
      imgLogoUrl: rowColumns.imgLogoUrl.as('img_logo_url'),
      everActive: rowColumns.everActive.as('ever_active'),
      n: rowNumber(order),
    })
    .from(rents)
    .innerJoin(providers, eq(providers.id, rents.providerId))
    .innerJoin(plans, eq(plans.id, rents.planId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .as('page');
  const joined = await ex
    .select({
      all: head.all,
      active: head.active,
      requested: head.requested,
      waiting: head.waiting,
      seller: head.seller,
      id: page.id,
      status: page.status,
      providerId: page.providerId,
      companyName: page.companyName,
      imgLogoUrl: page.imgLogoUrl,
      units: page.units,
      planId: page.planId,
      planName: page.planName,
      valueCents: page.valueCents,
      createdAt: page.createdAt,
      cancelRequestedAt: page.cancelRequestedAt,
      everActive: page.everActive,
    })
    .from(head)
    .leftJoin(page, sql`true`)
    .orderBy(page.n);
  const first = joined[0];
  const c: RentCounts = {
    all: Number(first?.all ?? 0),
    active: Number(first?.active ?? 0),
    requested: Number(first?.requested ?? 0),
    waiting: Number(first?.waiting ?? 0),
  };
  const data = joined.flatMap(({ all: _a, active: _ac, requested: _r, waiting: _w, seller: _s, ...r }) =>
    r.id === null
      ? []
      : [
          toRentRow({
            ...r,
            id: r.id,
            status: r.status!,
            providerId: r.providerId!,
            companyName: r.companyName!,
            units: r.units!,
            planId: r.planId!,
            planName: r.planName!,
            valueCents: r.valueCents!,
            createdAt: r.createdAt!,
            everActive: !!r.everActive,
          }),
        ],
  );
  return { data, total: q.status ? c[q.status] : c.all, page: q.page, limit: q.limit, counts: c, seller: first?.seller ?? null };
}

/** Institution `sellerId` (404 when missing). */
export async function loadSeller(ex: Executor, sellerId: number) {
  const [seller] = await ex.select().from(sellers).where(eq(sellers.id, sellerId));
  if (!seller) throw notFound();
  return seller;
}

/** The monthly price of `providerId` on `planId` (centavos): 400 for an unknown plan or no price. */
export async function priceOf(ex: Executor, planId: number, providerId: number): Promise<number> {
  const [plan] = await ex.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw badRequest(RENTS_MSG.unknownPlan, { planId: RENTS_MSG.unknownPlan });
  const [price] = await ex
    .select({ valueCents: planPrices.valueCents })
    .from(providers)
    .innerJoin(planPrices, priceOn(planId))
    .where(eq(providers.id, providerId));
  if (!price) throw badRequest(RENTS_MSG.noPriceOnPlan, { planId: RENTS_MSG.noPriceOnPlan });
  return price.valueCents;
}

export function rentQueries({ db }: Pick<Deps, 'db'>) {
  return {
    /** 'Meus alugueis': the caller's institution only. */
    async list(auth: AuthContext, q: ListQuery) {
      const sellerId = auth.user.sellerId;
      if (sellerId === null) return { data: [], total: 0, page: q.page, limit: q.limit, counts: { all: 0, active: 0, requested: 0, waiting: 0 } };
      const { seller: _seller, ...page } = await listOf(db, sellerId, q, accessWhere(auth, 'rent.read'));
      return page;
    },

    /** Rentals control of one institution (admin, director). */
    async control(sellerId: number, q: ListQuery) {
      const { seller, ...page } = await listOf(db, sellerId, q, undefined, true);
      if (!seller) throw notFound();
      return { ...page, seller: { id: seller.id, name: seller.name, planId: seller.planId, status: seller.status } };
    },

    /** Every plan, with one provider's price on each when asked. */
    async plansSeller(sellerId: number, providerId: number | undefined): Promise<PlansSellerReply> {
      const seller = await loadSeller(db, sellerId);
      const rows = await db
        .select({ id: plans.id, name: plans.name, minRent: plans.minRent, maxRent: plans.maxRent, valueCents: planPrices.valueCents })
        .from(plans)
        .leftJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.providerId, providerId ?? -1)))
        .orderBy(asc(plans.minRent), asc(plans.id));
      return { sellerPlanId: seller.planId, plans: rows.map((r) => ({ ...r, valueCents: r.valueCents ?? null })) };
    },

    /** The 'Novo Aluguel' panel: approved catalogue providers with a price on the plan. */
    async rentableProviders(sellerId: number, q: z.output<typeof rentableProvidersQuery>) {
      await loadSeller(db, sellerId);
      const conditions: SQL[] = [eq(providers.status, 'active'), not(providers.isServiceProvider)];
      if (q.name) conditions.push(foldedMatch(providers.companyNameFolded, q.name));
      const where = and(...conditions);
      const priced = priceOn(q.planId);
      const rented = openRentOf(sellerId, sql`${providers.id}`);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: providers.id,
            companyName: providers.companyName,
            condition: providers.condition,
            imgLogoUrl: uploadUrlSql(providers.imgLogoKey),
            units: providers.publishedUnits,
            valueCents: planPrices.valueCents,
            rented,
          })
          .from(providers)
          .innerJoin(planPrices, priced)
          .where(where)
          .orderBy(asc(providers.companyNameFolded), asc(providers.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(providers).innerJoin(planPrices, priced).where(where),
      ]);
      return {
        data: rows.map((r) => ({ ...r, condition: r.condition === 'premium' ? ('premium' as const) : ('basic' as const), rented: Boolean(r.rented) })),
        total: Number(total?.n ?? 0),
        page: q.page,
        limit: q.limit,
      };
    },
  };
}
