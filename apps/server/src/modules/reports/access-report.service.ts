/**
 * 'Relatório de Acessos' (spec 3 §2.17; issue 13 item 4): per institution and student, the accesses in the period and
 * the last one; the total of accesses, the unique students and the plan's usage; the accesses per day and the most
 * accessed units (charts); the CSV.
 *
 * Every call folds the pending events first (`foldAccesses`, a no-op when none), so the report is exact, then reads
 * only rollups (docs/architecture.md "Issue 13 — the access reports"):
 * - the rows' students: `access_student_activity` (one row per institution and student, its days as a multirange):
 *   the students with an access in the period, in report order (institution name, institution, student), and their
 *   number — the unique students — without reading one row per student and day;
 * - each row's total and last access: `access_student_months|days` for the page's students only (whole months and
 *   edge days of `spanConditions`, by primary key);
 * - the total of accesses and the trend: `access_scope_months` (scope 'seller' or 'all', about 13 rows a year);
 * - the most accessed units: `access_unit_months|days` of the institution, or `access_item_months` for all of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCESS_REPORT_PAGE_SIZE,
  ACCESS_REPORT_STAFF_TYPES,
  TOP_UNITS,
  usagePercent,
  type AccessCharts,
  type AccessReportPage,
  type accessReportFilters,
  type accessReportQuery,
  type accessReportSellersQuery,
} from '@edu/shared/access-reports';
import type { UserType } from '@edu/shared/access';
import type { Deps } from '../../platform/http';
import type { Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { requireAccess } from '../access/access';
import { foldAccesses, spanConditions } from '../delivery/access-rollups';
import { intArray, monthRange, rowsOf, textArray, trendQuery } from './access-ranges';
import { rankedUnits, sellerTopUnits, unitDetails } from './access-units';
import { REPORT_TIME_ZONE } from './report-dates';

type Filters = z.output<typeof accessReportFilters>;

interface StudentKey {
  seller_id: number;
  seller: string;
  student_id: string;
}
interface StudentTotals {
  seller_id: number;
  student_id: string;
  total: number;
  /** ISO (UTC). */
  last_access: string;
  /** DD/MM/YYYY HH:MI in São Paulo (the CSV). */
  last_access_text: string;
}

/** Students per CSV batch. */
const CSV_BATCH = 1000;

const isStaffType = (type: UserType) => (ACCESS_REPORT_STAFF_TYPES as readonly UserType[]).includes(type);

/** The students of the scope with an access in [start, end] (an `a` alias on access_student_activity). */
const activeIn = (q: Filters, sellerId: number | null): SQL =>
  sql`${sellerId === null ? sql`true` : sql`a.seller_id = ${sellerId}`} and a.days && daterange(${q.start_date}::date, ${q.end_date}::date, '[]')`;

/** Each student's accesses in [start, end] and the last one, for the given students (by primary key). */
async function totalsOf(db: Executor, q: Filters, keys: readonly StudentKey[]): Promise<Map<string, StudentTotals>> {
  if (keys.length === 0) return new Map();
  const { monthWhere, dayWhere } = spanConditions(q.start_date, q.end_date);
  const rows = rowsOf<StudentTotals>(
    await db.execute(sql`
      with p as (select * from unnest(${intArray(keys.map((k) => k.seller_id))}, ${textArray(keys.map((k) => k.student_id))}) as p(seller_id, student_id))
      select r.seller_id, r.student_id, sum(r.accesses)::int as total,
             to_char(max(r.last_access) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_access,
             to_char(max(r.last_access) at time zone ${REPORT_TIME_ZONE}, 'DD/MM/YYYY HH24:MI') as last_access_text
        from (select m.seller_id, m.student_id, m.accesses, m.last_access
                from access_student_months m join p on p.seller_id = m.seller_id and p.student_id = m.student_id where ${monthWhere}
              union all
              select d.seller_id, d.student_id, d.accesses, d.last_access
                from access_student_days d join p on p.seller_id = d.seller_id and p.student_id = d.student_id where ${dayWhere}) r
       group by r.seller_id, r.student_id`),
  );
  return new Map(rows.map((r) => [`${r.seller_id}\u0000${r.student_id}`, r]));
}

export function accessReportService(deps: Deps) {
  const { db } = deps;

  /**
   * The institution whose report this is; null: every institution (staff without a choice). Checked by the gate's
   * `seller.accessReport`: another institution's id (or a missing one) answers 404.
   */
  async function sellerOf(auth: AuthContext, sellerId: number | undefined): Promise<number | null> {
    const id = sellerId ?? (isStaffType(auth.user.type) ? null : auth.user.sellerId);
    if (id === null) {
      if (isStaffType(auth.user.type)) return null;
      throw notFound();
    }
    await requireAccess(db, auth, 'seller.accessReport', id);
    return id;
  }

  /** The total of accesses of the scope in [start, end]. */
  async function totalAccess(q: Filters, sellerId: number | null): Promise<number> {
    const { where, sum } = monthRange(q.start_date, q.end_date);
    const [row] = rowsOf<{ n: string | number | null }>(
      await db.execute(sql`
        select sum(${sum}) as n from access_scope_months m
         where m.scope = ${sellerId === null ? 'all' : 'seller'} and m.scope_id = ${sellerId ?? 0} and ${where}`),
    );
    return Number(row?.n ?? 0);
  }

  /** The students of one page, or of a CSV batch after `after` (keyset), in report order. */
  const studentsPage = async (q: Filters, sellerId: number | null, limit: number, offset: number, after?: StudentKey) =>
    rowsOf<StudentKey>(
      await db.execute(sql`
        select a.seller_id, s.name as seller, a.student_id
          from access_student_activity a join sellers s on s.id = a.seller_id
         where ${activeIn(q, sellerId)}
           ${after ? sql`and (s.name, a.seller_id, a.student_id) > (${after.seller}, ${after.seller_id}::int, ${after.student_id})` : sql``}
         order by s.name, a.seller_id, a.student_id
         limit ${limit} offset ${offset}`),
    );

  return {
    async list(auth: AuthContext, q: z.output<typeof accessReportQuery>): Promise<AccessReportPage> {
      const sellerId = await sellerOf(auth, q.seller_id);
      await foldAccesses(db);
      const [keys, count, total, seller] = await Promise.all([
        studentsPage(q, sellerId, ACCESS_REPORT_PAGE_SIZE, (q.page - 1) * ACCESS_REPORT_PAGE_SIZE),
        db.execute(sql`select count(*)::int as n from access_student_activity a where ${activeIn(q, sellerId)}`).then((r) => Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0)),
        totalAccess(q, sellerId),
        sellerId === null
          ? Promise.resolve(null)
          : db
              .execute(sql`select s.id, s.name, p.max_rent from sellers s left join plans p on p.id = s.plan_id where s.id = ${sellerId}`)
              .then((r) => rowsOf<{ id: number; name: string; max_rent: number | null }>(r)[0] ?? null),
      ]);
      const totals = await totalsOf(db, q, keys);
      const maxRent = seller?.max_rent ?? null;
      return {
        data: keys.map((k) => {
          const t = totals.get(`${k.seller_id}\u0000${k.student_id}`);
          return { sellerId: Number(k.seller_id), seller: k.seller, student: k.student_id, total_access: Number(t?.total ?? 0), last_access: t?.last_access ?? '' };
        }),
        total: count,
        page: q.page,
        limit: ACCESS_REPORT_PAGE_SIZE,
        summary: {
          totalAccess: total,
          uniqueStudents: count,
          seller: seller ? { id: Number(seller.id), name: seller.name } : null,
          maxRent: maxRent === null ? null : Number(maxRent),
          usagePercent: usagePercent(count, maxRent === null ? null : Number(maxRent)),
        },
      };
    },

    async charts(auth: AuthContext, q: Filters): Promise<AccessCharts> {
      const sellerId = await sellerOf(auth, q.seller_id);
      await foldAccesses(db);
      const [trend, top] = await Promise.all([
        db.execute(
          trendQuery(q.start_date, q.end_date, (where) =>
            sql`select m.month, m.days from access_scope_months m where m.scope = ${sellerId === null ? 'all' : 'seller'} and m.scope_id = ${sellerId ?? 0} and ${where}`,
          ),
        ),
        db.execute(
          sellerId === null
            ? sql`select * from (${rankedUnits(q.start_date, q.end_date, { providerId: null, knowledgeId: null }, { limit: TOP_UNITS, offset: 0 })}) r`
            : sellerTopUnits(q.start_date, q.end_date, sellerId, TOP_UNITS),
        ),
      ]);
      const topRows = rowsOf<{ item_id: number; accesses: number }>(top);
      const details = await unitDetails(db, topRows.map((r) => Number(r.item_id)));
      return {
        trend: rowsOf<{ day: string; accesses: number }>(trend).map((r) => ({ day: r.day, accesses: Number(r.accesses) })),
        topUnits: topRows.map((r) => ({ itemId: Number(r.item_id), title: details.get(Number(r.item_id))?.title ?? '', accesses: Number(r.accesses) })),
      };
    },

    /**
     * The CSV's rows (Instituição; Aluno; Total de acessos; Último acesso), in report order, every student of the
     * period, 1,000 students at a time (keyset on the report order). The scope is checked before the first byte, so
     * a refusal is a JSON error.
     */
    async csvRows(auth: AuthContext, q: Filters): Promise<AsyncIterable<(string | number)[]>> {
      const sellerId = await sellerOf(auth, q.seller_id);
      await foldAccesses(db);
      return (async function* () {
        let after: StudentKey | undefined;
        for (;;) {
          const keys = await studentsPage(q, sellerId, CSV_BATCH, 0, after);
          const totals = await totalsOf(db, q, keys);
          for (const k of keys) {
            const t = totals.get(`${k.seller_id}\u0000${k.student_id}`);
            yield [k.seller, k.student_id, Number(t?.total ?? 0), t?.last_access_text ?? ''];
          }
          if (keys.length < CSV_BATCH) return;
          after = keys[keys.length - 1];
        }
      })();
    },

    /** Institutions staff may choose (by name, 50, A–Z), every status: a suspended institution keeps its report. */
    async sellers(q: z.output<typeof accessReportSellersQuery>) {
      const name = q.name ? `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const rows = rowsOf<{ id: number; name: string }>(
        await db.execute(sql`select s.id, s.name from sellers s ${name ? sql`where s.name ilike ${name}` : sql``} order by s.name, s.id limit 50`),
      );
      return rows.map((r) => ({ id: Number(r.id), name: r.name }));
    },
  };
}
