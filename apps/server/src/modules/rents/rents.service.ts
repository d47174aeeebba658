/**
 * The rent lists and moves of the institution ('Meus alugueis', spec 3 §2.8) and of the platform team
 * (rentals control, §2.12). Every status change goes through `openRent` / `moveRent` (rent-lifecycle.ts,
 * driven by @edu/shared/rent-machine); this module adds the object checks (the access gate: another
 * institution's rent answers 404), the prices (from plan_prices, never from the client), the audit entry
 * and the notifications, all in the transaction of the move.
 *
 * Lists show OPEN rents only (requested, waiting, active): canceled and migrated rents are history
 * (rent_history, the audit log), not rows an institution acts on.
 *
 * Audit entries: `sellerId` is the ACTOR's institution (null for the platform team), as everywhere (the
 * institution's Relatório de Logs filters on it); the rent's institution is `data.sellerId`.
 */
import { and, asc, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_RENT_STATUSES, RENT_ADMIN_TYPES, RENT_MSG, type OpenRentStatus, type RentStatus } from '@edu/shared/rent-machine';
import {
  RENTS_MSG,
  type PlansSellerReply,
  type RentCounts,
  type RentMoveReply,
  type RentRow,
  type newRentBody,
  type rentableProvidersQuery,
  type rentsListQuery,
} from '@edu/shared/rents';
import type { Deps } from '../../platform/deps';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { escapeHtml } from '../../platform/html';
import { foldedMatch } from '../../platform/search';
import { accessWhere, requireAccess } from '../access/index';
import { notifyUsers } from '../notifications/index';
import { platformTeam, providerHolders, sellerTeam } from '../notifications/index';
import { cartItems, planPrices, plans, providers, sellers } from '../../db/schema';
import { openRentOf, priceOn } from '../access/index';
import { everActiveOf, moveRent, openRent, type MoveResult, type Rent, type RentActor } from './rent-lifecycle';
import { rents } from './rents.tables';
import { uploadUrlSql } from '../../platform/storage';

type ListQuery = z.output<typeof rentsListQuery>;

const isAdmin = (auth: AuthContext) => (RENT_ADMIN_TYPES as readonly string[]).includes(auth.user.type);
const actorOf = (auth: AuthContext): RentActor => ({ id: auth.user.id, type: auth.user.type });

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

async function rentRow(ex: Executor, rentId: number): Promise<RentRow> {
  const [row] = await selectRows(ex).where(eq(rents.id, rentId));
  if (!row) throw notFound();
  return toRentRow(row);
}

/** The open rents of one institution, filtered, ordered and paged, with the counts per status. */
async function listOf(ex: Executor, sellerId: number, q: ListQuery, scope: SQL | undefined) {
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
  const [rows, [counts]] = await Promise.all([
    selectRows(ex).where(where).orderBy(...order).limit(q.limit).offset((q.page - 1) * q.limit),
    ex
      .select({
        all: count(),
        active: sql<string>`count(*) filter (where ${rents.status} = 'active')`,
        requested: sql<string>`count(*) filter (where ${rents.status} = 'requested')`,
        waiting: sql<string>`count(*) filter (where ${rents.status} = 'waiting')`,
      })
      .from(rents)
      .innerJoin(providers, eq(providers.id, rents.providerId))
      .where(baseWhere),
  ]);
  const c: RentCounts = {
    all: Number(counts?.all ?? 0),
    active: Number(counts?.active ?? 0),
    requested: Number(counts?.requested ?? 0),
    waiting: Number(counts?.waiting ?? 0),
  };
  return { data: rows.map(toRentRow), total: q.status ? c[q.status] : c.all, page: q.page, limit: q.limit, counts: c };
}

async function loadSeller(ex: Executor, sellerId: number) {
  const [seller] = await ex.select().from(sellers).where(eq(sellers.id, sellerId));
  if (!seller) throw notFound();
  return seller;
}

/** The monthly price of `providerId` on `planId` (centavos): 400 for an unknown plan or no price. */
async function priceOf(ex: Executor, planId: number, providerId: number): Promise<number> {
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

// ------------------------------------------------------------------ who is told (modules/notifications/recipients.ts)

interface RentParties {
  sellerId: number;
  sellerName: string;
  providerId: number;
  companyName: string;
}

async function partiesOf(ex: Executor, rent: Rent): Promise<RentParties> {
  const [row] = await ex
    .select({ sellerName: sellers.name, companyName: providers.companyName })
    .from(sellers)
    .innerJoin(providers, eq(providers.id, rent.providerId))
    .where(eq(sellers.id, rent.sellerId));
  return { sellerId: rent.sellerId, providerId: rent.providerId, sellerName: row!.sellerName, companyName: row!.companyName };
}

export function sellerRentsService(deps: Deps) {
  const { db, mailer, config } = deps;
  const url = (path: string) => `${config.PUBLIC_URL}${path}`;

  /** The institution's users: the provider's catalogue is theirs now. */
  async function tellActivated(tx: Tx, p: RentParties) {
    const team = await sellerTeam(tx, p.sellerId);
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      `<p><strong>Aluguel ativado:</strong> o catálogo de <strong>${escapeHtml(p.companyName)}</strong> já está disponível para ${escapeHtml(p.sellerName)}.</p>`,
    );
  }

  /** The institution cancelled (unpaid) or asked to cancel (active): the provider and the platform team, by bell and e-mail. */
  async function tellSellerCancel(tx: Tx, p: RentParties, requested: boolean) {
    const seller = escapeHtml(p.sellerName);
    const company = escapeHtml(p.companyName);
    const owners = await providerHolders(tx, p.providerId);
    const team = await platformTeam(tx);
    const providerText = requested
      ? `A instituição ${p.sellerName} solicitou o cancelamento do aluguel do catálogo de ${p.companyName}. A nossa equipe vai concluir o cancelamento.`
      : `A instituição ${p.sellerName} cancelou o pedido de aluguel do catálogo de ${p.companyName}, que ainda não estava pago.`;
    const teamText = requested
      ? `A instituição ${p.sellerName} solicitou o cancelamento do aluguel de ${p.companyName}. Cancele a assinatura no controle de aluguéis da instituição.`
      : `A instituição ${p.sellerName} cancelou o pedido de aluguel de ${p.companyName} (ainda não pago).`;
    const subject = requested ? 'Solicitação de cancelamento de aluguel' : 'Pedido de aluguel cancelado';
    await notifyUsers(
      tx,
      owners.map((u) => u.id),
      requested
        ? `<p>A instituição <strong>${seller}</strong> solicitou o cancelamento do aluguel do seu catálogo (${company}).</p>`
        : `<p>A instituição <strong>${seller}</strong> cancelou o pedido de aluguel do seu catálogo (${company}).</p>`,
    );
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      requested
        ? `<p>A instituição <strong>${seller}</strong> solicitou o cancelamento do aluguel de <strong>${company}</strong>.</p>`
        : `<p>A instituição <strong>${seller}</strong> cancelou o pedido de aluguel de <strong>${company}</strong>.</p>`,
    );
    for (const u of owners) {
      await mailer.send(tx, { to: u.email, subject, paragraphs: [`Olá, ${u.name}!`, providerText] });
    }
    for (const u of team) {
      await mailer.send(tx, {
        to: u.email,
        subject,
        paragraphs: [`Olá, ${u.name}!`, teamText],
        action: { label: 'Ver aluguéis da instituição', url: url(`/seller/rents-control/${p.sellerId}`) },
      });
    }
  }

  async function reply(tx: Tx, rentId: number, message: string, extra: Partial<RentMoveReply> = {}): Promise<RentMoveReply> {
    return { message, ...extra, rent: await rentRow(tx, rentId) };
  }

  /** The actor's institution (null for the platform team) as the entry's sellerId; the rent's in `data.sellerId`. */
  async function audit(tx: Tx, auth: AuthContext, action: Parameters<typeof record>[1]['action'], rent: Rent, data: Record<string, unknown>) {
    await record(tx, {
      userId: auth.user.id,
      sellerId: auth.user.sellerId,
      action,
      data: { rentId: rent.id, sellerId: rent.sellerId, providerId: rent.providerId, ...data },
    });
  }

  /** The platform team canceled the subscription: the institution (bell) and the provider's account holders (bell and e-mail). */
  async function tellAdminCancel(tx: Tx, p: RentParties) {
    const team = await sellerTeam(tx, p.sellerId);
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      `<p>O aluguel do catálogo de <strong>${escapeHtml(p.companyName)}</strong> foi cancelado.</p>`,
    );
    const owners = await providerHolders(tx, p.providerId);
    await notifyUsers(
      tx,
      owners.map((u) => u.id),
      `<p>O aluguel do seu catálogo (${escapeHtml(p.companyName)}) pela instituição <strong>${escapeHtml(p.sellerName)}</strong> foi cancelado pela equipe da plataforma.</p>`,
    );
    for (const u of owners) {
      await mailer.send(tx, {
        to: u.email,
        subject: 'Aluguel cancelado',
        paragraphs: [`Olá, ${u.name}!`, `A equipe da plataforma cancelou o aluguel do catálogo de ${p.companyName} pela instituição ${p.sellerName}.`],
      });
    }
  }

  return {
    /** 'Meus alugueis': the caller's institution only. */
    async list(auth: AuthContext, q: ListQuery) {
      const sellerId = auth.user.sellerId;
      if (sellerId === null) return { data: [], total: 0, page: q.page, limit: q.limit, counts: { all: 0, active: 0, requested: 0, waiting: 0 } };
      return listOf(db, sellerId, q, accessWhere(auth, 'rent.read'));
    },

    /** Rentals control of one institution (admin, director). */
    async control(sellerId: number, q: ListQuery) {
      const seller = await loadSeller(db, sellerId);
      const page = await listOf(db, sellerId, q, undefined);
      return { ...page, seller: { id: seller.id, name: seller.name, planId: seller.planId, status: seller.status } };
    },

    /**
     * DELETE /sellers/rents/:id. The institution (seller, content manager; its own rents only): an unpaid
     * rent is canceled at once, an active one gets a cancellation request. Admin and director: the
     * subscription is canceled.
     */
    async cancel(auth: AuthContext, rentId: number): Promise<RentMoveReply> {
      const admin = isAdmin(auth);
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, admin ? 'rent.read' : 'rent.sellerCancel', rentId);
        const result: MoveResult = await moveRent(tx, rentId, admin ? 'cancel' : 'sellerCancel', actorOf(auth));
        const parties = await partiesOf(tx, result.rent);
        if (admin) {
          await audit(tx, auth, 'canceled_rent', result.rent, { from: result.from, to: result.to });
          await tellAdminCancel(tx, parties);
          return reply(tx, rentId, RENTS_MSG.adminCanceled);
        }
        const requested = result.cancellationRequested === true;
        await audit(tx, auth, requested ? 'requested_rent_cancellation' : 'canceled_rent', result.rent, { from: result.from, to: result.to });
        await tellSellerCancel(tx, parties, requested);
        return reply(tx, rentId, requested ? RENTS_MSG.cancelNote : RENTS_MSG.canceledUnpaid, {
          title: RENTS_MSG.cancelRequestedTitle,
          cancellationRequested: requested,
        });
      });
    },

    /**
     * 'Novo Aluguel': an active rent at the provider's price on the chosen plan. The pair's cart row, if the
     * institution had put the provider in its cart, goes in the same transaction (it could never be requested).
     */
    async create(auth: AuthContext, body: z.output<typeof newRentBody>): Promise<RentMoveReply> {
      return db.transaction(async (tx) => {
        await loadSeller(tx, body.sellerId);
        const [provider] = await tx.select().from(providers).where(eq(providers.id, body.providerId));
        if (!provider || provider.status !== 'active' || provider.isServiceProvider) {
          throw badRequest(RENT_MSG.notRentable, { providerId: RENT_MSG.notRentable });
        }
        const valueCents = await priceOf(tx, body.planId, body.providerId);
        const rent = await openRent(tx, 'create', { sellerId: body.sellerId, providerId: body.providerId, planId: body.planId, valueCents }, actorOf(auth));
        const removed = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.sellerId, rent.sellerId), eq(cartItems.providerId, rent.providerId)))
          .returning({ id: cartItems.id });
        await audit(tx, auth, 'created_rent', rent, { planId: rent.planId, valueCents, status: rent.status, ...(removed.length > 0 ? { removedCartItemId: removed[0]!.id } : {}) });
        await tellActivated(tx, await partiesOf(tx, rent));
        return reply(tx, rent.id, RENTS_MSG.created);
      });
    },

    /** The manage-status modal: requested, waiting or active. */
    async setStatus(auth: AuthContext, rentId: number, status: OpenRentStatus): Promise<RentMoveReply> {
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, 'rent.read', rentId);
        const result = await moveRent(tx, rentId, 'setStatus', actorOf(auth), { status });
        await audit(tx, auth, 'updated_rent_status', result.rent, { from: result.from, to: result.to });
        if (result.to === 'active') await tellActivated(tx, await partiesOf(tx, result.rent));
        return reply(tx, rentId, RENTS_MSG.statusChanged);
      });
    },

    /** Edit subscription: a new plan at the provider's price on it (an active rent is migrated to a new one). */
    async changePlan(auth: AuthContext, rentId: number, planId: number): Promise<RentMoveReply> {
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, 'rent.read', rentId);
        const [current] = await tx.select().from(rents).where(eq(rents.id, rentId));
        if (!current) throw notFound();
        const valueCents = await priceOf(tx, planId, current.providerId);
        if (current.planId === planId && (OPEN_RENT_STATUSES as readonly string[]).includes(current.status)) {
          throw new AppError(409, 'RENT_SAME_PLAN', RENTS_MSG.samePlan);
        }
        const result = await moveRent(tx, rentId, 'changePlan', actorOf(auth), { plan: { planId, valueCents } });
        await audit(tx, auth, 'changed_rent_plan', result.rent, {
          fromPlanId: current.planId,
          toPlanId: planId,
          fromValueCents: current.valueCents,
          valueCents,
          from: result.from,
          to: result.to,
          successorId: result.successor?.id ?? null,
        });
        const shown = result.successor ?? result.rent;
        const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
        const parties = await partiesOf(tx, shown);
        const team = await sellerTeam(tx, parties.sellerId);
        await notifyUsers(
          tx,
          team.map((u) => u.id),
          `<p>O aluguel do catálogo de <strong>${escapeHtml(parties.companyName)}</strong> passou para o plano <strong>${escapeHtml(plan!.name)}</strong>.</p>`,
        );
        return {
          message: RENTS_MSG.planChanged,
          rent: await rentRow(tx, rentId),
          ...(result.successor ? { successor: await rentRow(tx, result.successor.id) } : {}),
        };
      });
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
