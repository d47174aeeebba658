/**
 * Institutions as the platform team reads them (spec 3 §2.9): the list with its status counts, one institution
 * with its plan and its seller user, and the plan options of the create/edit modal. The row helpers here are
 * shared with the writes (institution-commands.ts, institution-status.ts).
 */
import { rowNumber } from '../../platform/json-rows';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeGrants, type InstitutionRow, type SellerStatus, type institutionsQuery } from '@edu/shared/institutions';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { folded, searchMatch } from '../../platform/search';
import { cappedTotal } from '../../platform/lists';
import { planNamesOf } from '../plans/index';
import { uploadUrl } from '../../platform/storage';
import { plans, users } from '../../db/schema';
import { sellers } from './institutions.tables';

type SellerRecord = typeof sellers.$inferSelect;
export type OwnerRecord = {
  id: number;
  name: string;
  email: string;
  avatarKey: string | null;
  status: string;
  emailConfirmedAt: Date | null;
  sellerId: number | null;
};

/** The institution's own users (type seller), oldest first, per institution: the first is the one the modal edits. */
export async function ownersOf(db: Executor, sellerIds: number[]): Promise<Map<number, OwnerRecord>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarKey: users.avatarKey,
      status: users.status,
      emailConfirmedAt: users.emailConfirmedAt,
      sellerId: users.sellerId,
    })
    .from(users)
    .where(and(inArray(users.sellerId, sellerIds), eq(users.type, 'seller'), ne(users.status, 'exclused')))
    .orderBy(asc(users.id));
  const map = new Map<number, OwnerRecord>();
  for (const row of rows) if (!map.has(row.sellerId!)) map.set(row.sellerId!, row);
  return map;
}

function toRow(s: Pick<SellerRecord, 'id' | 'name' | 'companyName' | 'cnpj' | 'status' | 'suspensionReason' | 'logoKey' | 'planId' | 'createdAt' | 'grants'>, planName: string | null, owner: OwnerRecord | undefined): InstitutionRow {
  return {
    id: s.id,
    name: s.name,
    companyName: s.companyName,
    cnpj: s.cnpj,
    status: s.status as SellerStatus,
    suspensionReason: s.suspensionReason === 'non_payment' ? 'non_payment' : null,
    logoUrl: uploadUrl(s.logoKey),
    planId: s.planId,
    planName,
    createdAt: s.createdAt.toISOString(),
    user: owner ? { id: owner.id, name: owner.name, email: owner.email, avatar: uploadUrl(owner.avatarKey) } : null,
    grants: normalizeGrants(s.grants),
  };
}

/** One institution as the list shows it; 404 when there is none. */
export async function loadRow(ex: Executor, id: number): Promise<InstitutionRow> {
  const [found] = await ex
    .select({ seller: sellers, planName: plans.name })
    .from(sellers)
    .leftJoin(plans, eq(plans.id, sellers.planId))
    .where(eq(sellers.id, id));
  if (!found) throw notFound();
  const owners = await ownersOf(ex, [id]);
  return toRow(found.seller, found.planName, owners.get(id));
}

export function institutionQueries(deps: Pick<Deps, 'db' | 'database'>) {
  const { db } = deps;
  return {
    async list(q: z.output<typeof institutionsQuery>) {
      const search: SQL | undefined = q.companyName
        ? sql`(${searchMatch(sellers.name, q.companyName)} or ${searchMatch(sellers.companyName, q.companyName)})`
        : undefined;
      const where = and(search, q.status ? eq(sellers.status, q.status) : undefined);
      const order =
        q.order === 'name'
          ? [asc(folded(sellers.name)), asc(sellers.name), asc(sellers.id)]
          : [desc(sellers.createdAt), desc(sellers.id)];
      // One statement: a head row (the tabs' counts, the capped total) left-joined to the page, each row with its
      // owner (the institution's oldest seller user) as JSON; the plan's name comes from the plans in memory.
      const head = db
        .select({
          all: sql<number>`count(*)::int`.as('all'),
          active: sql<number>`(count(*) filter (where ${sellers.status} = 'active'))::int`.as('active'),
          pending: sql<number>`(count(*) filter (where ${sellers.status} = 'pending'))::int`.as('pending'),
          suspended: sql<number>`(count(*) filter (where ${sellers.status} = 'suspended'))::int`.as('suspended'),
          total: cappedTotal(db.select({ one: sql`1` }).from(sellers).where(where).$dynamic()).as('total'),
        })
        .from(sellers)
        .where(search)
        .as('head');
      const page = db
        .select({
          id: sellers.id,
          name: sellers.name,
          companyName: sellers.companyName,
          cnpj: sellers.cnpj,
          status: sellers.status,
          suspensionReason: sellers.suspensionReason,
          logoKey: sellers.logoKey,
          planId: sellers.planId,
          createdAt: sellers.createdAt,
          grants: sellers.grants,
          // Written qualified: drizzle names a column of the one selected table unqualified, which here would be u.id.
          owner: sql<{ id: number; name: string; email: string; avatarKey: string | null } | null>`(select json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'avatarKey', u.avatar_key)
            from users u where u.seller_id = sellers.id and u.type = 'seller' and u.status <> 'exclused' order by u.id limit 1)`.as('owner'),
          n: rowNumber(order),
        })
        .from(sellers)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('page');
      const [joined, planNames] = await Promise.all([
        db
          .select({
            all: head.all,
            active: head.active,
            pending: head.pending,
            suspended: head.suspended,
            total: head.total,
            id: page.id,
            name: page.name,
            companyName: page.companyName,
            cnpj: page.cnpj,
            status: page.status,
            suspensionReason: page.suspensionReason,
            logoKey: page.logoKey,
            planId: page.planId,
            createdAt: page.createdAt,
            grants: page.grants,
            owner: page.owner,
          })
          .from(head)
          .leftJoin(page, sql`true`)
          .orderBy(page.n),
        planNamesOf(deps),
      ]);
      const first = joined[0];
      const data = joined.flatMap((r) => {
        if (r.id === null) return [];
        const row = {
          id: r.id,
          name: r.name!,
          companyName: r.companyName!,
          cnpj: r.cnpj!,
          status: r.status!,
          suspensionReason: r.suspensionReason,
          logoKey: r.logoKey,
          planId: r.planId,
          createdAt: r.createdAt!,
          grants: r.grants!,
        };
        const owner = r.owner ? { ...r.owner, status: '', emailConfirmedAt: null, sellerId: r.id } : undefined;
        return [toRow(row, r.planId !== null ? (planNames.get(r.planId) ?? null) : null, owner)];
      });
      return {
        data,
        total: Number(first?.total ?? 0),
        page: q.page,
        limit: q.limit,
        counts: {
          all: Number(first?.all ?? 0),
          active: Number(first?.active ?? 0),
          pending: Number(first?.pending ?? 0),
          suspended: Number(first?.suspended ?? 0),
        },
      };
    },

    one: (id: number) => loadRow(db, id),

    async planOptions() {
      const rows = await db.select().from(plans).orderBy(asc(plans.minRent), asc(plans.id));
      return { data: rows.map((p) => ({ id: p.id, name: p.name, minRent: p.minRent, maxRent: p.maxRent })) };
    },
  };
}
