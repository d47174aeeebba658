/**
 * THE SQL pieces of the marketplace's rules, written once and used by the store, the cart, the
 * admin's 'Novo Aluguel' and the access gate's `unit.storeRead`, so that they cannot drift apart:
 *
 * - `inStore()`: who is in the store — an approved (active) provider that is not a service provider, with at
 *   least one published unit (docs/decisions.md, Store).
 * - `priceOn(planId)`: THE price lookup — the join condition of `plan_prices` on `providers` for one plan
 *   (no plan: no price; no row: not rentable on that plan).
 * - `openRentOf(sellerId, providerId)`: the institution already holds an OPEN rent (OPEN_RENT_STATUSES) of
 *   the provider — the cart's unavailable item, the panel's 'rented'; `openRentStatusOf` is that rent's status
 *   (the store's 'Alugado' for an active one, 'Aluguel solicitado' for one not active yet).
 *
 * Only tables and constants here (no service), so that the access gate can import it without a cycle.
 */
import { and, eq, gt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OPEN_RENT_STATUSES, RENT_GRANTING_STATUS } from '@edu/shared/rent-machine';
import { INSTITUTION_ACTIVE_STATUS } from '@edu/shared/institutions';
import { planPrices, providers } from '../../db/schema';

/** Both conditions are written as literals (constants, not input), as the partial indexes are, so a plan can use them. */

/** THE condition "this institution works" on a `sellers.status` column (or SQL naming one): INSTITUTION_ACTIVE_STATUS. */
export const institutionActive = (status: SQLWrapper): SQL => sql`${status} = ${sql.raw(`'${INSTITUTION_ACTIVE_STATUS}'`)}`;

/** THE condition "this rent grants its provider's units" on a `rents.status` column (or SQL naming one). */
export const rentActive = (status: SQLWrapper): SQL => sql`${status} = ${sql.raw(`'${RENT_GRANTING_STATUS}'`)}`;

/** An approved catalogue provider with a published unit (reads `providers`). */
export const inStore = (): SQL => and(eq(providers.status, 'active'), eq(providers.isServiceProvider, false), gt(providers.publishedUnits, 0))!;

/** `plan_prices` of `providers` on `planId` (a plan id, or SQL naming one); null: no plan, so no price. */
export const priceOn = (planId: number | SQL | null): SQL =>
  planId === null ? sql`false` : and(eq(planPrices.providerId, providers.id), eq(planPrices.planId, planId))!;

/**
 * The statuses of an open rent as literals (constants, not user input): the partial unique index
 * rents_open_unique is written with the same list, so the planner can use it.
 */
export const OPEN_RENT_STATUS_LIST: SQL = sql.raw(OPEN_RENT_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Does institution `sellerId` hold an open rent of `providerId`? `providerId` is SQL naming the outer row's
 * provider; write it qualified (e.g. sql`providers.id`) when the outer query selects from one table only:
 * drizzle renders that table's columns unqualified there, which inside this subquery would name `r.id`.
 */
export const openRentOf = (sellerId: number, providerId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from rents r where r.seller_id = ${sellerId} and r.provider_id = ${providerId} and r.status in (${OPEN_RENT_STATUS_LIST}))`;

/**
 * Does ACTIVE institution `sellerId` hold an ACTIVE rent (RENT_GRANTING_STATUS) of `providerId`? THE condition of
 * the catalogue, subjects, packages and share links: only an active rent of an active institution grants
 * anything. `providerId` is SQL naming the outer row's provider, written qualified (see `openRentOf`).
 */
export const activeRentOf = (sellerId: number, providerId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from rents r join sellers rs on rs.id = r.seller_id
    where r.seller_id = ${sellerId} and r.provider_id = ${providerId} and ${rentActive(sql`r.status`)} and ${institutionActive(sql`rs.status`)})`;

/** The status of institution `sellerId`'s open rent of `providerId` (null: none). At most one open rent per pair
 * (rents_open_unique), so this is one value; `providerId` is written as for `openRentOf`. */
export const openRentStatusOf = (sellerId: number, providerId: SQL): SQL<string | null> =>
  sql<string | null>`(select r.status from rents r where r.seller_id = ${sellerId} and r.provider_id = ${providerId} and r.status in (${OPEN_RENT_STATUS_LIST}))`;

/**
 * The providers ACTIVE institution `sellerId` rents with an ACTIVE rent, as a subquery (`provider_id in (…)`): the
 * catalogue's scope. The same rule as `activeRentOf`; the institution's own status is checked by the caller's
 * requireActiveInstitution.
 */
export const activelyRentedProviders = (sellerId: number | SQL): SQL =>
  sql`(select r.provider_id from rents r join sellers rs on rs.id = r.seller_id
    where r.seller_id = ${sellerId} and ${rentActive(sql`r.status`)} and ${institutionActive(sql`rs.status`)})`;
