/** The admin list of providers: filters, A-Z or newest first, and the counts per status tab. */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { providersFilterQuery } from '@edu/shared/providers';
import type { Deps } from '../../platform/deps';
import { foldedMatch } from '../../platform/search';
import { providers } from './providers.tables';
import { toProviderRow } from './provider-views';

const IN_REVIEW = ['review', 'pending'];

export function providerListService(deps: Deps) {
  const { db } = deps;

  return {
    async filter(q: z.output<typeof providersFilterQuery>) {
      const base: SQL[] = [];
      if (q.typePerson) base.push(eq(providers.typePerson, q.typePerson));
      if (q.name) {
        base.push(
          or(
            foldedMatch(providers.companyNameFolded, q.name),
            foldedMatch(providers.nameFolded, q.name),
            foldedMatch(providers.emailFolded, q.name),
          )!,
        );
      }
      const statusCondition =
        q.status === 'review' ? inArray(providers.status, IN_REVIEW) : q.status ? eq(providers.status, q.status) : undefined;
      const baseWhere = base.length ? and(...base) : undefined;
      const where = and(baseWhere, statusCondition);
      // A-Z as a pt-BR reader expects it (accents and case ignored); Mais Recentes newest first.
      const order =
        q.order === 'name'
          ? [asc(providers.companyNameFolded), asc(providers.companyName), asc(providers.id)]
          : [desc(providers.createdAt), desc(providers.id)];
      const [rows, [counts]] = await Promise.all([
        db.select().from(providers).where(where).orderBy(...order).limit(q.limit).offset((q.page - 1) * q.limit),
        db
          .select({
            all: count(),
            review: sql<string>`count(*) filter (where ${providers.status} in ('review', 'pending'))`,
            active: sql<string>`count(*) filter (where ${providers.status} = 'active')`,
            rejected: sql<string>`count(*) filter (where ${providers.status} = 'rejected')`,
          })
          .from(providers)
          .where(baseWhere),
      ]);
      const c = {
        all: Number(counts?.all ?? 0),
        review: Number(counts?.review ?? 0),
        active: Number(counts?.active ?? 0),
        rejected: Number(counts?.rejected ?? 0),
      };
      const total = q.status ? c[q.status] : c.all;
      return { data: rows.map(toProviderRow), total, page: q.page, limit: q.limit, counts: c };
    },
  };
}
