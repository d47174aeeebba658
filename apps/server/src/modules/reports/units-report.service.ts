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
 *   version (one primary-key lookup per row in the range). The CSV walks the same index with a keyset, 5,000 rows
 *   at a time, its areas named from memory (the cached knowledge areas), streamed (platform/csv-export.ts).
 */
import { and, eq, gte, isNotNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { UNITS_REPORT_MSG, type unitsReportCsvQuery, type unitsReportQuery } from '@edu/shared/units-report';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { requireAccess } from '../access/index';
import { unitsService } from '../units/index';
import { keysetBatches, type CsvRow } from '../../platform/csv-export';
import { itemContents, items } from '../../db/schema';
import { REPORT_TIME_ZONE, startOfDay } from './report-dates';
import { publishedUnitsPage } from './published-units-page';

type Filters = z.output<typeof unitsReportCsvQuery>;

/** A CSV row as read: the areas as ids (their titles come from memory). */
interface CsvReadRow {
  itemId: number;
  title: string;
  knowledgeIds: number[] | null;
  level: string | null;
  publishedDay: string;
  publishedKey: string;
}

/** Descending as items_provider_published_idx stores it (nulls last), so the index gives the order. */
const descNullsLast = (column: SQLWrapper) => sql`${column} desc nulls last`;

/** The CSV's batch (keyset pages of the index). */
const CSV_BATCH = 5000;

/** The first learning level (spec: 'Nível de Aprendizado (first level)'), null when none. */
const firstLevel = sql<string | null>`${itemContents.levelOfLearning}[1]`;

export function unitsReportService(deps: Deps) {
  const { db } = deps;
  const page = publishedUnitsPage(deps);
  const units = unitsService(deps);

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

  /** The CSV's columns: the version's area ids, named from the cached knowledge areas. */
  const select = (ex: Executor) =>
    ex
      .select({
        itemId: items.id,
        title: itemContents.title,
        knowledgeIds: itemContents.knowledgeIds,
        level: firstLevel,
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
      return page(auth, q, providerId, where(providerId, { ...q, knowledge: undefined, levelOfLearning: undefined }));
    },

    /**
     * The CSV's rows (UNIDADE; ÁREA_DE_CONHECIMENTO; NÍVEL_DE_APRENDIZADO; PUBLICADA_EM), newest first, read by
     * keyset. The scope is checked here, before the first byte, so a refusal is a JSON error, not a broken file.
     */
    async csvRows(auth: AuthContext, q: Filters): Promise<AsyncIterable<CsvRow[]>> {
      const [providerId, areas] = await Promise.all([providerOf(auth, q.providerId), units.knowledgeMap()]);
      const condition = where(providerId, q);
      /** The areas' titles in the version's order, each once (an id no longer an area is left out). */
      const areaTitlesOf = (ids: number[] | null) => [...new Set(ids ?? [])].flatMap((id) => areas.get(id)?.title ?? []).join(', ');
      const read = (after: { at: string; id: number } | undefined, limit: number): Promise<CsvReadRow[]> =>
        select(db)
          .where(and(condition, after ? sql`(${items.publishedAt}, ${items.id}) < (${after.at}::timestamptz, ${after.id}::int)` : undefined))
          .orderBy(descNullsLast(items.publishedAt), descNullsLast(items.id))
          .limit(limit);
      return (async function* () {
        for await (const batch of keysetBatches(read, (last) => ({ at: last.publishedKey, id: last.itemId }), CSV_BATCH)) {
          yield batch.map((r) => [r.title, areaTitlesOf(r.knowledgeIds), r.level ?? '', r.publishedDay]);
        }
      })();
    },
  };
}
