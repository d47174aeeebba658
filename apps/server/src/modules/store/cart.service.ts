/**
 * The institution's cart and the payment request (spec 3 §2.7, §4 "Cart"). The cart lives on the server per
 * institution; prices and the TOTAL are computed from the institution's plan on every read, never taken from
 * the client. 'Solicitar Pagamento' does everything in ONE transaction that first locks the institution's row,
 * so two requests for one cart (double click, two tabs, a retry) run one after the other and the second finds
 * the cart empty (409).
 *
 * An item whose provider the institution already rents (an admin's 'Novo Aluguel' deletes the pair's cart row,
 * but a tab may still hold it) is unavailable in GET (not in the TOTAL) and skipped by 'Solicitar Pagamento',
 * which takes it out of the cart and names the company (docs/decisions.md, "Store").
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_RENT_STATUSES, RENT_MSG } from '@edu/shared/rent-machine';
import { STORE_MSG, type CartResponse, type PaymentMethod, type cartAddBody, type paymentRequestBody } from '@edu/shared/store';
import type { ProviderCondition } from '@edu/shared/providers';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { domainEvents } from '../../platform/domain-events';
import { paymentMethods, planPrices, providers, providerServices, rents } from '../../db/schema';
import { openPaymentRequest, rentLifecycle } from '../rents/index';
import { cartItems, serviceRequests } from './store.tables';
import { activeInstitutionWith, requireActiveInstitution, type ActiveInstitution } from '../institutions/index';
import { jsonArrayOf, jsonRowColumns } from '../../platform/json-rows';
import { inStore, openRentOf, priceOn } from '../access/index';
import { isPartner } from './partners.service';
import { uploadUrlSql } from '../../platform/storage';

/**
 * The cart's rows with what the screen shows; `rentable` false = the provider is no longer rentable on the plan;
 * `rented` = the institution already holds an open rent of the provider.
 */
async function cartRows(ex: Executor, inst: ActiveInstitution) {
  return ex
    .select(cartColumns(inst.id))
    .from(cartItems)
    .leftJoin(providerServices, eq(providerServices.id, cartItems.serviceId))
    .innerJoin(providers, cartProviderJoin())
    .leftJoin(planPrices, cartPriceJoin(inst.planId))
    .where(eq(cartItems.sellerId, inst.id))
    .orderBy(...cartOrder());
}

/** The same rows as JSON (`jsonArrayOf`), on plan `planId` (SQL naming the institution's plan). */
function cartJson(ex: Executor, sellerId: number, planId: SQL) {
  return ex
    .select(jsonRowColumns(cartColumns(sellerId), cartOrder()))
    .from(cartItems)
    .leftJoin(providerServices, eq(providerServices.id, cartItems.serviceId))
    .innerJoin(providers, cartProviderJoin())
    .leftJoin(planPrices, cartPriceJoin(planId))
    .where(eq(cartItems.sellerId, sellerId))
    .orderBy(...cartOrder());
}

const cartProviderJoin = () => sql`${providers.id} = coalesce(${cartItems.providerId}, ${providerServices.providerId})`;
const cartPriceJoin = (planId: number | SQL | null) => and(priceOn(planId), sql`${cartItems.providerId} is not null`);
const cartOrder = () => [asc(cartItems.createdAt), asc(cartItems.id)];

function cartColumns(sellerId: number) {
  const rentable = sql<boolean>`(${inStore()} and ${planPrices.valueCents} is not null)`;
  const rented = sql<boolean>`(${cartItems.providerId} is not null and ${openRentOf(sellerId, sql`${providers.id}`)})`;
  const servicePartner = sql<boolean>`(${isPartner()})`;
  return {
    id: cartItems.id,
    providerId: providers.id,
    serviceId: cartItems.serviceId,
    companyName: providers.companyName,
    imgLogoUrl: uploadUrlSql(providers.imgLogoKey),
    condition: providers.condition,
    unitCount: providers.publishedUnits,
    priceCents: planPrices.valueCents,
    title: providerServices.title,
    description: providerServices.description,
    rentable,
    rented,
    servicePartner,
  };
}
type CartRow = Awaited<ReturnType<typeof cartRows>>[number];

function toResponse(rows: CartRow[], inst: ActiveInstitution): CartResponse {
  const items = rows.map((r) => {
    const isService = r.serviceId !== null;
    const rentable = !!r.rentable && !r.rented;
    return {
      id: r.id,
      kind: isService ? ('service' as const) : ('provider' as const),
      providerId: r.providerId,
      companyName: r.companyName,
      imgLogoUrl: r.imgLogoUrl,
      condition: isService ? null : (r.condition as ProviderCondition),
      unitCount: isService ? null : r.unitCount,
      priceCents: isService || !rentable ? null : r.priceCents,
      serviceId: r.serviceId,
      title: isService ? r.title : null,
      description: isService ? r.description : null,
      available: isService ? !!r.servicePartner : rentable,
      rented: !isService && !!r.rented,
    };
  });
  const totalCents = items.reduce((sum, i) => sum + (i.priceCents ?? 0), 0);
  return { items, totalCents, planName: inst.planName };
}

export function cartService(deps: Deps) {
  const { db } = deps;
  const events = domainEvents(deps);
  const { openRent } = rentLifecycle(deps);

  return {
    /** One statement: the cart's rows as JSON in the institution guard's row (the plan: the guard's `sellers.plan_id`). */
    async get(auth: AuthContext): Promise<CartResponse> {
      const rows = cartJson(db, auth.user.sellerId ?? -1, sql`sellers.plan_id`);
      const inst = await activeInstitutionWith(db, auth, jsonArrayOf<CartRow>(rows));
      return toResponse(inst.extra, inst);
    },

    /** One statement: the methods as JSON in the institution guard's row. */
    async paymentMethods(auth: AuthContext): Promise<PaymentMethod[]> {
      const order = [asc(paymentMethods.position), asc(paymentMethods.id)];
      const methods = db
        .select(jsonRowColumns({ id: paymentMethods.id, description: paymentMethods.description }, order))
        .from(paymentMethods)
        .where(eq(paymentMethods.active, 1))
        .orderBy(...order);
      return (await activeInstitutionWith(db, auth, jsonArrayOf<PaymentMethod>(methods))).extra;
    },

    async add(auth: AuthContext, body: z.output<typeof cartAddBody>) {
      return db.transaction(async (tx) => {
        const inst = await requireActiveInstitution(tx, auth);
        let data: Record<string, unknown>;
        if (body.providerId !== undefined) {
          const [p] = await tx
            .select({ id: providers.id, companyName: providers.companyName, priceCents: planPrices.valueCents })
            .from(providers)
            .leftJoin(planPrices, priceOn(inst.planId))
            .where(and(eq(providers.id, body.providerId), inStore()));
          if (!p) throw new AppError(409, 'NOT_RENTABLE', RENT_MSG.notRentable);
          if (inst.planId === null) throw new AppError(409, 'NO_PLAN', RENT_MSG.noPlan);
          if (p.priceCents === null) throw new AppError(409, 'NO_PRICE', RENT_MSG.noPrice);
          const [open] = await tx
            .select({ id: rents.id })
            .from(rents)
            .where(and(eq(rents.sellerId, inst.id), eq(rents.providerId, p.id), inArray(rents.status, [...OPEN_RENT_STATUSES])));
          if (open) throw new AppError(409, 'RENT_ALREADY_ASSOCIATED', RENT_MSG.alreadyAssociated);
          const inserted = await tx.insert(cartItems).values({ sellerId: inst.id, providerId: p.id, addedBy: auth.user.id }).onConflictDoNothing().returning({ id: cartItems.id });
          if (inserted.length === 0) throw new AppError(409, 'DUPLICATE_CART_ITEM', RENT_MSG.duplicateCartItem);
          data = { cartItemId: inserted[0]!.id, providerId: p.id, companyName: p.companyName };
        } else {
          const [s] = await tx
            .select({ id: providerServices.id, title: providerServices.title, providerId: providers.id, companyName: providers.companyName })
            .from(providerServices)
            .innerJoin(providers, eq(providers.id, providerServices.providerId))
            .where(and(eq(providerServices.id, body.serviceId!), isPartner()));
          if (!s) throw notFound(STORE_MSG.serviceNotFound);
          const inserted = await tx.insert(cartItems).values({ sellerId: inst.id, serviceId: s.id, addedBy: auth.user.id }).onConflictDoNothing().returning({ id: cartItems.id });
          if (inserted.length === 0) throw new AppError(409, 'DUPLICATE_CART_ITEM', RENT_MSG.duplicateCartItem);
          data = { cartItemId: inserted[0]!.id, serviceId: s.id, providerId: s.providerId, title: s.title, companyName: s.companyName };
        }
        await record(tx, { userId: auth.user.id, sellerId: inst.id, action: 'added_item_to_cart', data });
        return { message: STORE_MSG.added };
      });
    },

    async remove(auth: AuthContext, id: number) {
      const inst = await requireActiveInstitution(db, auth);
      const deleted = await db.delete(cartItems).where(and(eq(cartItems.id, id), eq(cartItems.sellerId, inst.id))).returning({ id: cartItems.id });
      if (deleted.length === 0) throw notFound();
      return { message: STORE_MSG.removed };
    },

    /**
     * 'Solicitar Pagamento': one transaction. The institution's row is locked first (FOR NO KEY UPDATE), so concurrent
     * requests serialize; the cart is read after the lock, so the second of two finds it empty (409) and
     * changes nothing. Rents are opened by the rent lifecycle ('request'), priced from the plan. A provider the
     * institution already rents is skipped and taken out of the cart, and named in the answer; when nothing else
     * is left, that removal is kept and the answer is 409 naming the companies.
     */
    async requestPayment(auth: AuthContext, body: z.output<typeof paymentRequestBody>) {
      // The cart is the caller's institution's: another institution's id answers as missing.
      if (auth.user.sellerId === null || body.sellerId !== auth.user.sellerId) throw notFound();
      const outcome = await db.transaction(async (tx) => {
        const inst = await requireActiveInstitution(tx, auth, { lock: true });
        const [method] = await tx
          .select({ id: paymentMethods.id, description: paymentMethods.description })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, body.paymentMethod), eq(paymentMethods.active, 1)));
        if (!method) throw badRequest(STORE_MSG.unknownPaymentMethod, { paymentMethod: STORE_MSG.unknownPaymentMethod });
        const rows = await cartRows(tx, inst);
        if (rows.length === 0) throw conflict(RENT_MSG.cartEmpty);
        const cartProviders = rows.filter((r) => r.serviceId === null);
        const serviceRows = rows.filter((r) => r.serviceId !== null);
        const same = (sent: number[] | undefined, held: number[]) =>
          sent === undefined || (new Set(sent).size === held.length && held.every((id) => sent.includes(id)));
        if (!same(body.providerIds, cartProviders.map((r) => r.providerId)) || !same(body.serviceIds, serviceRows.map((r) => r.serviceId!))) {
          throw new AppError(409, 'CART_CHANGED', STORE_MSG.cartChanged);
        }
        // Already rented (an admin's 'Novo Aluguel', another tab): skipped, out of the cart, named in the answer.
        const rented = cartProviders.filter((r) => r.rented);
        const skipped = rented.map((r) => r.companyName);
        if (rented.length > 0) await tx.delete(cartItems).where(inArray(cartItems.id, rented.map((r) => r.id)));
        const providerRows = cartProviders.filter((r) => !r.rented);
        if (providerRows.length === 0 && serviceRows.length === 0) return { skippedAll: skipped };

        if (providerRows.length > 0 && inst.planId === null) throw new AppError(409, 'NO_PLAN', RENT_MSG.noPlan);
        const lost = [...providerRows, ...serviceRows].find((r) => (r.serviceId === null ? !r.rentable : !r.servicePartner));
        if (lost) throw new AppError(409, 'NOT_RENTABLE', `${lost.companyName}: ${RENT_MSG.notRentable}`);

        const paymentRequestId = await openPaymentRequest(tx, { sellerId: inst.id, paymentMethodId: method.id, requestedBy: auth.user.id });
        const rentIds: number[] = [];
        for (const r of providerRows) {
          const input = { sellerId: inst.id, providerId: r.providerId, planId: inst.planId!, valueCents: r.priceCents!, paymentRequestId };
          const rent = await openRent(tx, 'request', input, auth.user).catch((err: unknown) => {
            // A rent opened meanwhile (after the cart was read): say which company.
            if (err instanceof AppError && err.code === 'RENT_ALREADY_ASSOCIATED') throw new AppError(409, err.code, `${r.companyName}: ${err.message}`);
            throw err;
          });
          rentIds.push(rent.id);
        }
        const serviceRequestIds: number[] = [];
        for (const r of serviceRows) {
          const [sr] = await tx
            .insert(serviceRequests)
            .values({ sellerId: inst.id, serviceId: r.serviceId, providerId: r.providerId, title: r.title!, paymentRequestId, requestedBy: auth.user.id })
            .returning({ id: serviceRequests.id });
          serviceRequestIds.push(sr!.id);
        }
        await tx.delete(cartItems).where(inArray(cartItems.id, [...providerRows, ...serviceRows].map((r) => r.id)));
        const totalCents = providerRows.reduce((s, r) => s + r.priceCents!, 0);
        await record(tx, {
          userId: auth.user.id,
          sellerId: inst.id,
          action: 'payment_requested',
          data: {
            paymentRequestId,
            paymentMethod: method.description,
            providerIds: providerRows.map((r) => r.providerId),
            serviceIds: serviceRows.map((r) => r.serviceId),
            rentIds,
            totalCents,
            ...(rented.length > 0 ? { skippedProviderIds: rented.map((r) => r.providerId) } : {}),
          },
        });

        // The platform team, each provider's account holders and each partner's are told (modules/notifications).
        await events.emit(tx, {
          name: 'payment.requested',
          paymentRequestId,
          sellerId: inst.id,
          actorId: auth.user.id,
          paymentMethod: method.description,
          planName: inst.planName,
          rents: providerRows.map((r, i) => ({
            rentId: rentIds[i]!,
            providerId: r.providerId,
            companyName: r.companyName,
            priceCents: r.priceCents!,
          })),
          services: serviceRows.map((r, i) => ({
            serviceRequestId: serviceRequestIds[i]!,
            providerId: r.providerId,
            companyName: r.companyName,
            title: r.title!,
          })),
          totalCents,
        });
        const message = skipped.length > 0 ? `${STORE_MSG.requested} ${STORE_MSG.alreadyRented(skipped)}` : STORE_MSG.requested;
        return { reply: { message, paymentRequestId, rentIds, serviceRequestIds, ...(skipped.length > 0 ? { skipped } : {}) } };
      });
      // Only already-rented items were in the cart: their removal is committed, and the answer names them.
      if (outcome.skippedAll) throw new AppError(409, 'RENT_ALREADY_ASSOCIATED', STORE_MSG.alreadyRented(outcome.skippedAll));
      return outcome.reply;
    },
  };
}
