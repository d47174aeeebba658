/** The admin list of providers: filters, A-Z or newest first, and the counts per status tab. */
import { rowNumber } from '../../platform/json-rows';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { providersFilterQuery } from '@edu/shared/providers';
import type { Deps } from '../../platform/deps';
import { foldedMatch } from '../../platform/search';
import { providers } from './providers.tables';
import { toProviderRow } from './provider-views';

const IN_REVIEW = ['review', 'pending'];

/** The columns a row of the list shows (toProviderRow). */
const rowColumns = {
  id: providers.id,
  companyName: providers.companyName,
  name: providers.name,
  email: providers.email,
  typePerson: providers.typePerson,
  cpf: providers.cpf,
  cnpj: providers.cnpj,
  status: providers.status,
  condition: providers.condition,
  isServiceProvider: providers.isServiceProvider,
  createdAt: providers.createdAt,
};

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
      // One statement: the counts (one row) left-joined to the page, so an empty page still answers the counts.
      const counts = db
        .select({
          all: sql<number>`count(*)::int`.as('all'),
          review: sql<number>`(count(*) filter (where ${providers.status} in ('review', 'pending')))::int`.as('review'),
          active: sql<number>`(count(*) filter (where ${providers.status} = 'active'))::int`.as('active'),
          rejected: sql<number>`(count(*) filter (where ${providers.status} = 'rejected'))::int`.as('rejected'),
        })
        .from(providers)
        .where(baseWhere)
        .as('counts');
      const page = db
        .select({ ...rowColumns, n: rowNumber(order) })
        .from(providers)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('page');
      const joined = await db
        .select({
          all: counts.all,
          review: counts.review,
          active: counts.active,
          rejected: counts.rejected,
          id: page.id,
          companyName: page.companyName,
          name: page.name,
          email: page.email,
          typePerson: page.typePerson,
          cpf: page.cpf,
          cnpj: page.cnpj,
          status: page.status,
          condition: page.condition,
          isServiceProvider: page.isServiceProvider,
          createdAt: page.createdAt,
        })
        .from(counts)
        .leftJoin(page, sql`true`)
        .orderBy(page.n);
      const first = joined[0];
      const c = {
        all: Number(first?.all ?? 0),
        review: Number(first?.review ?? 0),
        active: Number(first?.active ?? 0),
        rejected: Number(first?.rejected ?? 0),
      };
      const rows = joined.flatMap(({ all: _a, review: _r, active: _ac, rejected: _re, ...row }) =>
        row.id === null ? [] : [{ ...row, id: row.id, companyName: row.companyName!, name: row.name!, email: row.email!, typePerson: row.typePerson!, status: row.status!, isServiceProvider: row.isServiceProvider!, createdAt: row.createdAt! }],
      );
      const total = q.status ? c[q.status] : c.all;
      return { data: rows.map(toProviderRow), total, page: q.page, limit: q.limit, counts: c };
    },
  };
}
