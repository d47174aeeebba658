/**
 * Rental plans and per-provider plan prices (spec 3 §2.1, §7 "Providers and plans"). Admin and director only
 * (the route contracts, 403 for others). Every change and its audit entry share one transaction.
 * Prices are integer centavos (`plan_prices.value_cents`), answered as `value`.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isProviderInReview } from '@edu/shared/providers';
import {
  PLAN_MSG,
  type Plan,
  type PlanPrice,
  type PlanRow,
  type planBody,
  type planPriceCreateBody,
  type planPriceUpdateBody,
  type plansSearchQuery,
  type planPricesQuery,
} from '@edu/shared/plans';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import type { Executor } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { jsonArrayOf, jsonRowColumns, rowNumber } from '../../platform/json-rows';
import { searchMatch } from '../../platform/search';
import { providers } from '../../db/schema';
import { planPrices, plans } from './plans.tables';

type PlanRecord = typeof plans.$inferSelect;
type PriceRecord = typeof planPrices.$inferSelect;

export const toPlan = (p: Omit<PlanRecord, 'condition'>): Plan => ({
  id: p.id,
  name: p.name,
  description: p.description,
  minRent: p.minRent,
  maxRent: p.maxRent,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const toPrice = (p: Pick<PriceRecord, 'id' | 'planId' | 'providerId' | 'valueCents'>): PlanPrice => ({
  id: p.id,
  planId: p.planId,
  providerId: p.providerId,
  value: p.valueCents,
});

/** The unique pair (plan, provider) answered: a second price for it. */
function isPriceConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'plan_prices_plan_provider_unique');
}

export function plansService({ db }: Deps) {
  /** The plan and provider a price names (body ids: an unknown one is bad input, 400, on its field). */
  async function checkPair(ex: Executor, planId: number, providerId: number) {
    const [[planRow], [provider]] = await Promise.all([
      ex.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)),
      ex.select({ id: providers.id, status: providers.status }).from(providers).where(eq(providers.id, providerId)),
    ]);
    if (!planRow) throw badRequest(PLAN_MSG.notFound, { planId: PLAN_MSG.notFound });
    if (!provider) throw badRequest(PLAN_MSG.providerNotFound, { providerId: PLAN_MSG.providerNotFound });
    // The 'Editar plano' link is hidden while the provider is in review (spec 3 §2.2): no price before approval.
    if (isProviderInReview(provider.status)) throw badRequest(PLAN_MSG.providerInReview, { providerId: PLAN_MSG.providerInReview });
  }

  return {
    /**
     * One statement: a head row (the total, the provider asked for) left-joined to the page, so an empty page still
     * answers the head.
     */
    async search(q: z.output<typeof plansSearchQuery>) {
      const where = q.name ? searchMatch(plans.name, q.name) : undefined;
      const order = q.order === 'name' ? [asc(sql`lower(${plans.name})`), asc(plans.id)] : [desc(plans.createdAt), desc(plans.id)];
      const providerId = q.providerId ?? null;
      const head = db
        .select({
          total: sql<number>`count(*)::int`.as('total'),
          provider: (providerId === null
            ? sql<null>`null::json`
            : sql<{ id: number; companyName: string; status: string } | null>`(select json_build_object('id', ${providers.id}, 'companyName', ${providers.companyName}, 'status', ${providers.status}) from ${providers} where ${providers.id} = ${providerId})`
          ).as('provider'),
        })
        .from(plans)
        .where(where)
        .as('head');
      const page = db
        .select({
          id: plans.id,
          name: plans.name,
          description: plans.description,
          minRent: plans.minRent,
          maxRent: plans.maxRent,
          createdAt: plans.createdAt,
          updatedAt: plans.updatedAt,
          priceId: sql<number | null>`${planPrices.id}`.as('price_id'),
          priceValueCents: sql<number | null>`${planPrices.valueCents}`.as('price_value_cents'),
          n: rowNumber(order),
        })
        .from(plans)
        .leftJoin(planPrices, providerId !== null ? and(eq(planPrices.planId, plans.id), eq(planPrices.providerId, providerId)) : sql`false`)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('page');
      const rows = await db
        .select({
          total: head.total,
          provider: head.provider,
          id: page.id,
          name: page.name,
          description: page.description,
          minRent: page.minRent,
          maxRent: page.maxRent,
          createdAt: page.createdAt,
          updatedAt: page.updatedAt,
          priceId: page.priceId,
          priceValueCents: page.priceValueCents,
        })
        .from(head)
        .leftJoin(page, sql`true`)
        .orderBy(page.n);
      const provider = rows[0]?.provider ?? null;
      if (providerId !== null && !provider) throw notFound(PLAN_MSG.providerNotFound);
      const data: PlanRow[] = rows.flatMap((r) =>
        r.id === null
          ? []
          : [
              {
                ...toPlan({ id: r.id, name: r.name!, description: r.description!, minRent: r.minRent!, maxRent: r.maxRent!, createdAt: r.createdAt!, updatedAt: r.updatedAt! }),
                ...(provider
                  ? { price: r.priceId != null ? toPrice({ id: r.priceId, planId: r.id, providerId: provider.id, valueCents: Number(r.priceValueCents) }) : null }
                  : {}),
              },
            ],
      );
      return { data, total: Number(rows[0]?.total ?? 0), page: q.page, limit: q.limit, provider };
    },

    async create(auth: AuthContext, body: z.output<typeof planBody>): Promise<Plan> {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(plans)
          .values({ name: body.name, description: body.description, minRent: body.minRent, maxRent: body.maxRent })
          .returning();
        await record(tx, { userId: auth.user.id, action: 'created_plan', data: { planId: created!.id, name: body.name, minRent: body.minRent, maxRent: body.maxRent } });
        return created!;
      });
      return toPlan(row);
    },

    async update(auth: AuthContext, id: number, body: z.output<typeof planBody>): Promise<Plan> {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
        if (!before) throw notFound(PLAN_MSG.notFound);
        const [updated] = await tx
          .update(plans)
          .set({ name: body.name, description: body.description, minRent: body.minRent, maxRent: body.maxRent, updatedAt: new Date() })
          .where(eq(plans.id, id))
          .returning();
        await record(tx, {
          userId: auth.user.id,
          action: 'updated_plan',
          data: {
            planId: id,
            before: { name: before.name, description: before.description, minRent: before.minRent, maxRent: before.maxRent },
            after: { name: body.name, description: body.description, minRent: body.minRent, maxRent: body.maxRent },
          },
        });
        return updated!;
      });
      return toPlan(row);
    },

    async priceSearch(q: z.output<typeof planPricesQuery>): Promise<PlanPrice[]> {
      // One statement: the provider's row (404 without it) carries its prices as JSON.
      const order = [asc(planPrices.planId)];
      const prices = db
        .select(jsonRowColumns({ id: planPrices.id, planId: planPrices.planId, providerId: planPrices.providerId, value: planPrices.valueCents }, order))
        .from(planPrices)
        .where(and(eq(planPrices.providerId, q.providerId), q.planId !== undefined ? eq(planPrices.planId, q.planId) : undefined))
        .orderBy(...order);
      const [row] = await db.select({ prices: jsonArrayOf<PlanPrice>(prices) }).from(providers).where(eq(providers.id, q.providerId));
      if (!row) throw notFound(PLAN_MSG.providerNotFound);
      return row.prices;
    },

    async priceCreate(auth: AuthContext, body: z.output<typeof planPriceCreateBody>): Promise<PlanPrice> {
      await checkPair(db, body.planId, body.providerId);
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(planPrices)
            .values({ planId: body.planId, providerId: body.providerId, valueCents: body.value })
            .returning();
          await record(tx, {
            userId: auth.user.id,
            action: 'created_plan_price',
            data: { priceId: created!.id, planId: body.planId, providerId: body.providerId, valueCents: body.value },
          });
          return created!;
        });
        return toPrice(row);
      } catch (err) {
        if (isPriceConflict(err)) throw conflict(PLAN_MSG.priceExists);
        throw err;
      }
    },

    async priceUpdate(auth: AuthContext, id: number, body: z.output<typeof planPriceUpdateBody>): Promise<PlanPrice> {
      if (body.id !== undefined && body.id !== id) throw badRequest(PLAN_MSG.priceMismatch, { id: PLAN_MSG.priceMismatch });
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(planPrices).where(eq(planPrices.id, id)).for('update');
        if (!before) throw notFound(PLAN_MSG.priceNotFound);
        if (before.planId !== body.planId || before.providerId !== body.providerId) {
          throw badRequest(PLAN_MSG.priceMismatch, { planId: PLAN_MSG.priceMismatch });
        }
        const [updated] = await tx.update(planPrices).set({ valueCents: body.value, updatedAt: new Date() }).where(eq(planPrices.id, id)).returning();
        await record(tx, {
          userId: auth.user.id,
          action: 'updated_plan_price',
          data: { priceId: id, planId: before.planId, providerId: before.providerId, before: before.valueCents, after: body.value },
        });
        return updated!;
      });
      return toPrice(row);
    },
  };
}
