/**
 * The published-units report (spec 3 §2.17): one provider's units whose published version became
 * the published one in the period, newest first, 20 per page, and the same rows as CSV.
 *
 * - Scope: the access gate's `provider.edit` (admin and director any provider, a provider's users their own; another
 *   provider is 404 as a missing one). A provider may omit providerId (its own); admin and director must name one.
 * - "Only published units": `items.published_content_id is not null`, with `items.published_at` (both kept by the
 *   database, migration 0016). The period is São Paulo calendar days: [start 00:00, end + 1 day 00:00).
 * - Speed: the rows walk `items_provider_published_idx` (provider_id, published_at desc, id desc, partial on a
 *   published version) — the provider's range in the report's order, so a page reads 20 index entries plus the
 *   skipped ones, and the count reads only the range (capped, platform/lists.ts). The filters read the published
 *   version (one primary-key lookup per row in the range). The CSV walks the same index with a keyset, 1,000 rows
 *   at a time, streamed (platform/csv-export.ts).
 */
import { and, eq, gte, isNotNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { UNITS_REPORT_MSG, type unitsReportCsvQuery, type unitsReportQuery } from '@edu/shared/units-report';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { requireAccess } from '../access/index';
import { itemContents, items } from '../../db/schema';
import { REPORT_TIME_ZONE, startOfDay } from './report-dates';
import { publishedUnitsPage } from './published-units-page';

type Filters = z.output<typeof unitsReportCsvQuery>;

interface ReportRow {
  itemId: number;
  title: string;
  knowledgeAreas: string[] | null;
  level: string | null;
  publishedAt: Date | null;
  publishedDay: string;
  publishedKey: string;
}

/** Descending as items_provider_published_idx stores it (nulls last), so the index gives the order. */
const descNullsLast = (column: SQLWrapper) => sql`${column} desc nulls last`;

/** The CSV's batch (keyset pages of the index). */
const CSV_BATCH = 1000;

/** Titles of the version's knowledge areas, in the unit's order. */
const areaTitles = sql<string[]>`array(select k.title from knowledge_areas k where k.id = any(${itemContents.knowledgeIds}) order by array_position(${itemContents.knowledgeIds}, k.id))`;
/** The first learning level (spec: 'Nível de Aprendizado (first level)'), null when none. */
const firstLevel = sql<string | null>`${itemContents.levelOfLearning}[1]`;

export function unitsReportService(deps: Deps) {
  const { db } = deps;
  const page = publishedUnitsPage(deps);

  /** The provider named, or the caller's own for a provider's user (admin and director must name one). */
  function requestedProvider(auth: AuthContext, providerId: number | undefined): number {
    const id = providerId ?? (auth.user.type === 'provider' ? auth.user.providerId : null);
    if (id === null) throw badRequest(UNITS_REPORT_MSG.providerRequired, { providerId: UNITS_REPORT_MSG.providerRequired });
    return id;
  }

  /** The provider whose report this is, checked by the gate (404 for one the caller may not see). */
  async function providerOf(auth: AuthContext, providerId: number | undefined): Promise<number> {
    const id = requestedProvider(auth, providerId);
    await requireAccess(db, auth, 'provider.edit', id);
    return id;
  }

  /** The report's conditions on `items` joined with its published version. */
  function where(providerId: number, q: Filters): SQL {
    const conditions: SQL[] = [
      eq(items.providerId, providerId),
      isNotNull(items.publishedContentId),
      gte(items.publishedAt, startOfDay(q.startDate)),
      lt(items.publishedAt, startOfDay(q.endDate, 1)),
    ];
    if (q.knowledge !== undefined) conditions.push(sql`${itemContents.knowledgeIds} @> array[${q.knowledge}]::integer[]`);
    if (q.levelOfLearning !== undefined) conditions.push(sql`${itemContents.levelOfLearning} @> array[${q.levelOfLearning}]::text[]`);
    return and(...conditions)!;
  }

  const select = (ex: Executor) =>
    ex
      .select({
        itemId: items.id,
        title: itemContents.title,
        knowledgeAreas: areaTitles,
        level: firstLevel,
        publishedAt: items.publishedAt,
        publishedDay: sql<string>`to_char(${items.publishedAt} at time zone ${REPORT_TIME_ZONE}, 'DD/MM/YYYY')`,
        /** The exact instant (microseconds, UTC) for the CSV's keyset: a JS Date keeps only milliseconds. */
        publishedKey: sql<string>`to_char(${items.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(items)
      .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
      .$dynamic();

  return {
    /** A page in one statement (published-units-page.ts). */
    async list(auth: AuthContext, q: z.output<typeof unitsReportQuery>) {
      const providerId = requestedProvider(auth, q.providerId);
      return page(auth, q, providerId, where(providerId, q));
    },

    /**
     * The CSV's rows (UNIDADE; ÁREA_DE_CONHECIMENTO; NÍVEL_DE_APRENDIZADO; PUBLICADA_EM), newest first, read by
     * keyset. The scope is checked here, before the first byte, so a refusal is a JSON error, not a broken file.
     */
    async csvRows(auth: AuthContext, q: Filters): Promise<AsyncIterable<string[]>> {
      const providerId = await providerOf(auth, q.providerId);
      const condition = where(providerId, q);
      return (async function* () {
        let after: { at: string; id: number } | null = null;
        for (;;) {
          const keyset: SQL | undefined = after
            ? sql`(${items.publishedAt}, ${items.id}) < (${after.at}::timestamptz, ${after.id}::int)`
            : undefined;
          const batch: ReportRow[] = await select(db)
            .where(and(condition, keyset))
            .orderBy(descNullsLast(items.publishedAt), descNullsLast(items.id))
            .limit(CSV_BATCH);
          for (const r of batch) {
            yield [r.title, (r.knowledgeAreas ?? []).join(', '), r.level ?? '', r.publishedDay];
          }
          if (batch.length < CSV_BATCH) return;
          const last = batch[batch.length - 1]!;
          after = { at: last.publishedKey, id: last.itemId };
        }
      })();
    },
  };
}
