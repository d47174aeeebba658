/**
 * 'Relatório de Acessos' (spec 3 §2.17): per institution and student, the accesses in the period and
 * the last one; the total of accesses, the unique students and the plan's usage; the accesses per day and the most
 * accessed units (charts); the CSV.
 *
 * Every call folds the pending events first (`foldBeforeReading`: one statement when none are pending), so the report is
 * exact, then reads only rollups (docs/architecture.md, "The access reports"):
 * - the rows' students: `access_student_activity` (one row per institution and student, its days as a multirange):
 *   the students with an access in the period, in report order (institution name, institution, student), and their
 *   number — the unique students — without reading one row per student and day;
 * - each row's total and last access: `access_student_months|days` for the page's students only (whole months and
 *   edge days of `rollupSpans`, by primary key);
 * - the total of accesses and the trend: `access_scope_months` (scope 'seller' or 'all', about 13 rows a year);
 * - the most accessed units: `access_unit_months|days` of the institution, or `access_item_months` for all of them.
 * A page is two statements run side by side (rows; figures), after the scope check and the fold.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
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
import { LTI_PLATFORM_LABELS, ltiStudentLabel, parseLtiStudentId, type LtiPlatform } from '@edu/shared/lti';
import { ID_MAX } from '@edu/shared/validation';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { accessReportScope, accessWhere } from '../access/index';
import { notFound } from '../../platform/errors';
import { foldBeforeReading, foldedGeneration } from './access-rollups';
import { reportMemo } from './report-memo';
import { rollupSpans } from './rollup-spans';
import { monthOf, monthRange, readTrend, rowsOf } from './access-ranges';
import { rankUnitPage, sellerTopUnits } from './access-units';
import { REPORT_TIME_ZONE } from './report-dates';
import { ltiConnections, ltiLearners } from '../../db/schema';
import { keysetBatches, type CsvRow } from '../../platform/csv-export';

type Filters = z.output<typeof accessReportFilters>;

interface StudentRow {
  seller_id: number;
  seller: string;
  student_id: string;
  total: number | null;
  /** ISO (UTC). */
  last_access: string | null;
  /** DD/MM/YYYY HH:MI in São Paulo (the CSV). */
  last_access_text: string | null;
}

/**
 * Students per CSV batch after the first (each student's rollups are read by primary key, index-only: migration 0040;
 * a bigger batch spends less per student on the students' walk and the statement's round trip).
 */
const CSV_BATCH = 5000;

/** The students of the scope with an access in [start, end] (an `a` alias on access_student_activity). */
const activeIn = (q: Filters, sellerId: number | null): SQL =>
  sql`${sellerId === null ? sql`true` : sql`a.seller_id = ${sellerId}`} and a.days && daterange(${q.start_date}::date, ${q.end_date}::date, '[]')`;

/**
 * One student's (`p.seller_id`, `p.student_id`) rollup rows inside [start, end]: the whole months, then each edge span
 * of days, each part a range of its table's primary key.
 */
function studentRowsIn(q: Filters): SQL {
  const { months, days } = rollupSpans(q.start_date, q.end_date);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select m.accesses, m.last_access from access_student_months m
                    where m.seller_id = p.seller_id and m.student_id = p.student_id and m.month between ${months[0]}::date and ${months[1]}::date`);
  }
  for (const [from, to] of days) {
    parts.push(sql`select d.accesses, d.last_access from access_student_days d
                    where d.seller_id = p.seller_id and d.student_id = p.student_id and d.day between ${from}::date and ${to}::date`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Unique students of [start, end] in a scope (every institution: null) from the kept totals of migration 0036
 * (access.tables.ts): the students active on `start`, plus the runs of active days starting in (start, end] whose
 * student was last active before `start` — one row, and the runs' rows of the range's months with `before` < start.
 */
function uniqueStudents(start: string, end: string, sellerId: number | null): SQL {
  const [scope, id] = sellerId === null ? ['all', 0] : ['seller', sellerId];
  const dom = sql`${Number(start.slice(8, 10))}::int`;
  const next = nextDay(start);
  const runs = next > end ? null : monthRange(next, end, 'r', sql`r.days[31]`);
  return sql`(coalesce((select d.days[${dom}] from access_scope_student_days d
                         where d.scope = ${scope} and d.scope_id = ${id} and d.month = ${monthOf(start)}::date), 0)
            + ${runs
              ? sql`coalesce((select sum(${runs.sum}) from access_scope_student_runs r
                               where r.scope = ${scope} and r.scope_id = ${id} and ${runs.where} and r.before < ${start}::date), 0)`
              : sql`0`})::int`;
}

/** The day after a YYYY-MM-DD date. */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** What the access gate's condition for this report reads of the caller (seller.accessReport): its type and institution. */
const whoAsks = (auth: AuthContext) => `${auth.user.type}:${auth.user.sellerId ?? ''}`;

/**
 * Whose report (accessReportScope's choice, without its check: the page's statement checks): the institution named,
 * the caller's own, or every institution (null) for the staff naming none.
 */
function scopeOf(auth: AuthContext, sellerId: number | undefined): number | null {
  const staff = (ACCESS_REPORT_STAFF_TYPES as readonly string[]).includes(auth.user.type);
  const id = sellerId ?? (staff ? null : auth.user.sellerId);
  if (id === null || id === undefined) {
    if (staff) return null;
    throw notFound();
  }
  return id;
}

export function accessReportService(deps: Deps) {
  const { db } = deps;
  /** The page and charts answers of the current fold generation (report-memo.ts). */
  const memo = reportMemo();

  /** The scope (checked) once the pending events are folded; both at once. */
  async function ready(auth: AuthContext, sellerId: number | undefined): Promise<number | null> {
    const [scope] = await Promise.all([accessReportScope(db, auth, sellerId), foldBeforeReading(db)]);
    return scope;
  }

  /**
   * The students of one page, or of a CSV batch after `after` (keyset), in report order, each with its accesses in
   * the period and the last one (read for these students only). The institutions are walked in name order and each
   * one's students by primary key, so a page stops after its rows (an incremental sort, not a sort of every student).
   */
  const studentsSql = (q: Filters, sellerId: number | null, limit: number, offset: number, after?: StudentRow): SQL => sql`
        with p as (
          select s.id as seller_id, s.name as seller, a.student_id
            from (select id, name from sellers
                   where ${sellerId === null ? sql`true` : sql`id = ${sellerId}`}
                     ${after ? sql`and (name, id) >= (${after.seller}, ${after.seller_id}::int)` : sql``}
                   order by name, id) s
           cross join lateral (select a.student_id from access_student_activity a where a.seller_id = s.id and ${activeIn(q, sellerId)} order by a.student_id) a
           ${after ? sql`where (s.name, s.id, a.student_id) > (${after.seller}, ${after.seller_id}::int, ${after.student_id})` : sql``}
           order by s.name, s.id, a.student_id
           limit ${limit} offset ${offset})
        select p.seller_id, p.seller, p.student_id, t.total,
               to_char(t.last_access at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_access,
               to_char(t.last_access at time zone ${REPORT_TIME_ZONE}, 'DD/MM/YYYY HH24:MI') as last_access_text
          from p cross join lateral (select sum(r.accesses)::int as total, max(r.last_access) as last_access from (${studentRowsIn(q)}) r) t
         order by p.seller, p.seller_id, p.student_id`;
  const students = async (q: Filters, sellerId: number | null, limit: number, offset: number, after?: StudentRow) =>
    rowsOf<StudentRow>(await db.execute(studentsSql(q, sellerId, limit, offset, after)));

  /**
   * A page in one statement: the page's students (as `students`, JSON in report order), the unique students and the
   * total of accesses of the period (kept totals), the institution with its plan's maxRent, and whether the caller may
   * read the institution's report (seller.accessReport's own condition, as requireAccess asks it).
   */
  async function page(auth: AuthContext, q: z.output<typeof accessReportQuery>, sellerId: number | null) {
    const { where, sum } = monthRange(q.start_date, q.end_date);
    const allowed = sellerId === null ? sql`true` : sql`exists (select 1 from sellers where sellers.id = ${sellerId} and ${accessWhere(auth, 'seller.accessReport') ?? sql`true`})`;
    const [row] = rowsOf<{ allowed: boolean; students: number; total: string | number | null; seller_name: string | null; max_rent: number | null; rows: StudentRow[] }>(
      await db.execute(sql`
        with page as (${studentsSql(q, sellerId, ACCESS_REPORT_PAGE_SIZE, (q.page - 1) * ACCESS_REPORT_PAGE_SIZE)})
        select ${allowed} as allowed,
               ${uniqueStudents(q.start_date, q.end_date, sellerId)} as students,
               (select sum(${sum}) from access_scope_months m
                 where m.scope = ${sellerId === null ? 'all' : 'seller'} and m.scope_id = ${sellerId ?? 0} and ${where}) as total,
               s.name as seller_name, p.max_rent,
               coalesce((select json_agg(json_build_object('seller_id', r.seller_id, 'seller', r.seller, 'student_id', r.student_id,
                                                           'total', r.total, 'last_access', r.last_access)
                                         order by r.seller, r.seller_id, r.student_id) from page r), '[]'::json) as rows
          from (select 1) one
          left join sellers s on s.id = ${sellerId ?? 0}
          left join plans p on p.id = s.plan_id`),
    );
    if (!row!.allowed) throw notFound();
    return row!;
  }

  /**
   * How each student of some rows is shown: its id, or — an LTI-launched student (`lti:<connection>:<sub>`) — the LMS's
   * user id with the connection's name (deleted connections too: the history stays readable), and the student's name
   * first when the LMS lists it (lti_learners, kept at launch from NRPS).
   */
  async function studentNames(rows: { seller_id: number | string; student_id: string }[]): Promise<(r: { seller_id: number | string; student_id: string }) => string> {
    const parsed = new Map(rows.map((r) => [r.student_id, parseLtiStudentId(r.student_id)]));
    const launched = [...parsed.values()].flatMap((p) => (p && p.connectionId <= ID_MAX ? [p] : []));
    const ids = [...new Set(launched.map((p) => p.connectionId))];
    const names = new Map<number, { sellerId: number; name: string }>();
    const learners = new Map<string, string>();
    if (ids.length) {
      const subs = launched.flatMap((p) => (p.sub === null ? [] : [sql`(${p.connectionId}::integer, ${p.sub}::text)`]));
      const [found, named] = await Promise.all([
        db
          .select({ id: ltiConnections.id, sellerId: ltiConnections.sellerId, name: ltiConnections.name, platform: ltiConnections.platform })
          .from(ltiConnections)
          .where(inArray(ltiConnections.id, ids)),
        subs.length
          ? db
              .select({ connectionId: ltiLearners.connectionId, sub: ltiLearners.sub, name: ltiLearners.name })
              .from(ltiLearners)
              .where(sql`(${ltiLearners.connectionId}, ${ltiLearners.sub}) in (${sql.join(subs, sql`, `)})`)
          : [],
      ]);
      for (const c of found) names.set(c.id, { sellerId: c.sellerId, name: c.name || LTI_PLATFORM_LABELS[c.platform as LtiPlatform] || c.platform });
      for (const l of named) learners.set(`${l.connectionId}:${l.sub}`, l.name);
    }
    return (r) => {
      const p = parsed.get(r.student_id);
      const connection = p ? names.get(p.connectionId) : undefined;
      // Only the institution's own connection names its students (an id typed before `lti:` was reserved stays as is).
      if (!p || !connection || connection.sellerId !== Number(r.seller_id)) return r.student_id;
      return ltiStudentLabel(p, connection.name, p.sub === null ? null : learners.get(`${p.connectionId}:${p.sub}`));
    };
  }

  return {
    async list(auth: AuthContext, q: z.output<typeof accessReportQuery>): Promise<AccessReportPage> {
      const sellerId = scopeOf(auth, q.seller_id);
      const generation = await foldedGeneration(db);
      const key = `list|${whoAsks(auth)}|${sellerId}|${q.start_date}|${q.end_date}|${q.page}`;
      return memo.get(generation, key, async () => {
        const f = await page(auth, q, sellerId);
        const rows = f.rows;
        const maxRent = sellerId === null || f.max_rent === null ? null : Number(f.max_rent);
        const nameOf = await studentNames(rows);
        return {
          data: rows.map((r) => ({
            sellerId: Number(r.seller_id),
            seller: r.seller,
            student: nameOf(r),
            total_access: Number(r.total ?? 0),
            last_access: r.last_access ?? '',
          })),
          total: f.students,
          page: q.page,
          limit: ACCESS_REPORT_PAGE_SIZE,
          summary: {
            totalAccess: Number(f.total ?? 0),
            uniqueStudents: f.students,
            seller: sellerId === null ? null : { id: sellerId, name: f.seller_name ?? '' },
            maxRent,
            usagePercent: usagePercent(f.students, maxRent),
          },
        };
      });
    },

    async charts(auth: AuthContext, q: Filters): Promise<AccessCharts> {
      const generation = await foldedGeneration(db);
      const key = `charts|${whoAsks(auth)}|${q.seller_id ?? ''}|${q.start_date}|${q.end_date}`;
      return memo.get(generation, key, async () => {
        const sellerId = await accessReportScope(db, auth, q.seller_id);
        const topRows = async () =>
          sellerId === null
            ? (await rankUnitPage(db, q.start_date, q.end_date, { providerId: null, knowledgeId: null }, { limit: TOP_UNITS, offset: 0 })).rows
            : sellerTopUnits(db, q.start_date, q.end_date, sellerId, TOP_UNITS);
        const [trend, top] = await Promise.all([
          readTrend(db, q.start_date, q.end_date, (where) =>
            sql`select m.month, m.days from access_scope_months m where m.scope = ${sellerId === null ? 'all' : 'seller'} and m.scope_id = ${sellerId ?? 0} and ${where}`,
          ),
          topRows(),
        ]);
        return {
          trend,
          topUnits: top.map((r) => ({ itemId: r.itemId, title: r.title, accesses: r.accesses })),
        };
      });
    },

    /**
     * The CSV's rows (Instituição; Aluno; Total de acessos; Último acesso), in report order, every student of the
     * period, CSV_BATCH students at a time (keyset on the report order; the next batch read while one is written). The
     * scope is checked before the first byte, so a refusal is a JSON error.
     */
    async csvRows(auth: AuthContext, q: Filters): Promise<AsyncIterable<CsvRow[]>> {
      const sellerId = await ready(auth, q.seller_id);
      const read = async (after: StudentRow | undefined, limit: number) => {
        const batch = await students(q, sellerId, limit, 0, after);
        const nameOf = await studentNames(batch);
        return batch.map((r) => ({ key: r, row: [r.seller, nameOf(r), Number(r.total ?? 0), r.last_access_text ?? ''] as CsvRow }));
      };
      return (async function* () {
        for await (const batch of keysetBatches(read, (last) => last.key, CSV_BATCH)) yield batch.map((r) => r.row);
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
