/**
 * Institutions as the platform team reads them (spec 3 §2.9): the list with its status counts, one institution
 * with its plan and its seller user, and the plan options of the create/edit modal. The row helpers here are
 * shared with the writes (institution-commands.ts, institution-status.ts).
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeGrants, type InstitutionRow, type SellerStatus, type institutionsQuery } from '@edu/shared/institutions';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { folded, searchMatch } from '../../platform/search';
import { cappedCount } from '../../platform/lists';
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

function toRow(s: SellerRecord, planName: string | null, owner: OwnerRecord | undefined): InstitutionRow {
  return {
    id: s.id,
    name: s.name,
    companyName: s.companyName,
    cnpj: s.cnpj,
    status: s.status as SellerStatus,
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

export function institutionQueries({ db }: Pick<Deps, 'db'>) {
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
      const [rows, total, [counts]] = await Promise.all([
        db
          .select({ seller: sellers, planName: plans.name })
          .from(sellers)
          .leftJoin(plans, eq(plans.id, sellers.planId))
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        cappedCount(db, db.select({ one: sql`1` }).from(sellers).where(where).$dynamic()),
        db
          .select({
            all: count(),
            active: sql<string>`count(*) filter (where ${sellers.status} = 'active')`,
            pending: sql<string>`count(*) filter (where ${sellers.status} = 'pending')`,
            suspended: sql<string>`count(*) filter (where ${sellers.status} = 'suspended')`,
          })
          .from(sellers)
          .where(search),
      ]);
      const owners = await ownersOf(db, rows.map((r) => r.seller.id));
      return {
        data: rows.map((r) => toRow(r.seller, r.planName, owners.get(r.seller.id))),
        total,
        page: q.page,
        limit: q.limit,
        counts: {
          all: Number(counts?.all ?? 0),
          active: Number(counts?.active ?? 0),
          pending: Number(counts?.pending ?? 0),
          suspended: Number(counts?.suspended ?? 0),
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
