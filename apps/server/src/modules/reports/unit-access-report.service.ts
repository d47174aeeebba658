/**
 * 'Relatório de Acessos por Unidades' (spec 3 §2.17): per unit, its students' accesses in the period
 * (every institution together), most first, 25 per page, with a knowledge-area filter (knowledgeid 0: every area);
 * the accesses per day and the most accessed units (charts); the CSV 'relatorio.csv'.
 *
 * Scope: a provider its own units; admin and director every unit. Every call folds the pending events first, then
 * reads only rollups: the ranking over every unit from two month snapshots and the range's edge months
 * (access-snapshots.ts), over an area's units from `access_area_months` (the area's own rows: one per unit and month,
 * the range's edge months through their cumulative days); the trend from `access_scope_months` ('provider' or 'all') —
 * or, with an area, from the area's rows (docs/architecture.md, "The access reports"). The page and the charts answer
 * from a memo while the fold's generation stays (report-memo.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALL_KNOWLEDGE_AREAS,
  TOP_UNITS,
  UNIT_ACCESS_MSG,
  UNIT_ACCESS_REPORT_PAGE_SIZE,
  type AccessCharts,
  type UnitAccessPage,
  type unitAccessParams,
  type unitAccessQuery,
} from '@edu/shared/access-reports';
import type { Deps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { foldBeforeReading, foldedGeneration } from './access-rollups';
import { reportMemo } from './report-memo';
import { readTrend, rowsOf } from './access-ranges';
import { rankAllUnits, rankUnitPage, unitMonthRows, type UnitScope } from './access-units';
import { unitAccessReportScope } from '../access/index';
import { unitsService } from '../units/index';
import { keysetBatches, type CsvRow } from '../../platform/csv-export';

type Params = z.output<typeof unitAccessParams>;

/** Units per CSV batch. */
const CSV_BATCH = 5000;

export function unitAccessReportService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);
  /** The page and charts answers of the current fold generation (report-memo.ts). */
  const memo = reportMemo();

  /** The report's units: the provider's own (a provider's users), every provider's (admin, director); the area. */
  async function scopeOf(auth: AuthContext, p: Params): Promise<UnitScope> {
    let knowledgeId: number | null = null;
    if (p.knowledgeid !== ALL_KNOWLEDGE_AREAS) {
      // The knowledge areas from memory (constantCache, reloaded on a change notice).
      if (!(await units.knowledgeMap()).has(p.knowledgeid)) throw badRequest(UNIT_ACCESS_MSG.unknownArea, { knowledgeid: UNIT_ACCESS_MSG.unknownArea });
      knowledgeId = p.knowledgeid;
    }
    // The route admits provider, admin and director only (contract); the gate says whose units they count.
    return { providerId: unitAccessReportScope(auth), knowledgeId };
  }

  /** The scope (checked) once the pending events are folded; both at once. */
  async function ready(auth: AuthContext, p: Params): Promise<UnitScope> {
    const [scope] = await Promise.all([scopeOf(auth, p), foldBeforeReading(db)]);
    return scope;
  }

  /** The scope (checked) and the fold's generation once the pending events are folded (the memo's key). */
  async function readyMemo(auth: AuthContext, p: Params, kind: string): Promise<{ scope: UnitScope; generation: string; key: string }> {
    const [scope, generation] = await Promise.all([scopeOf(auth, p), foldedGeneration(db)]);
    return { scope, generation, key: `${kind}|${scope.providerId}|${scope.knowledgeId}|${p.start_date}|${p.end_date}` };
  }

  return {
    async list(auth: AuthContext, p: Params, q: z.output<typeof unitAccessQuery>): Promise<UnitAccessPage> {
      const { scope, generation, key } = await readyMemo(auth, p, 'list');
      return memo.get(generation, `${key}|${q.page}`, async () => {
        const page = { limit: UNIT_ACCESS_REPORT_PAGE_SIZE, offset: (q.page - 1) * UNIT_ACCESS_REPORT_PAGE_SIZE };
        const ranked = await rankUnitPage(db, p.start_date, p.end_date, scope, page);
        return {
          data: ranked.rows.map((r) => ({ itemId: r.itemId, title: r.title, TitleKnowledges: r.areas, access_counter: r.accesses })),
          total: ranked.units,
          page: q.page,
          limit: UNIT_ACCESS_REPORT_PAGE_SIZE,
          totalAccess: ranked.allAccesses,
        };
      });
    },

    async charts(auth: AuthContext, p: Params): Promise<AccessCharts> {
      const { scope, generation, key } = await readyMemo(auth, p, 'charts');
      return memo.get(generation, key, async () => {
        // The scope's month rows: its kept totals, or — with an area — the area's own rows, month by month.
        const rows = (where: SQL) =>
          scope.knowledgeId === null
            ? scope.providerId === null
              ? sql`select m.month, m.days from access_scope_months m where m.scope = 'all' and m.scope_id = 0 and ${where}`
              : sql`select m.month, m.days from access_scope_months m where m.scope = 'provider' and m.scope_id = ${scope.providerId} and ${where}`
            : sql`select m.month, m.days from ${unitMonthRows(scope)} and ${where}`;
        const [trend, top] = await Promise.all([
          readTrend(db, p.start_date, p.end_date, rows),
          rankUnitPage(db, p.start_date, p.end_date, scope, { limit: TOP_UNITS, offset: 0 }),
        ]);
        return { trend, topUnits: top.rows.map((r) => ({ itemId: r.itemId, title: r.title, accesses: r.accesses })) };
      });
    },

    /**
     * The CSV's rows (Unidades; Área de conhecimento; Acessos), most accessed first, every unit of the period. The
     * ranking is read once (a unit id and a number per unit: small even for every unit), so a fold during the
     * download cannot move a unit between batches; titles and area ids are read 5,000 units at a time (one statement
     * each, the ids as one array parameter), the areas named from memory (the cached knowledge areas). Checked before
     * the first byte, so a refusal is a JSON error.
     */
    async csvRows(auth: AuthContext, p: Params): Promise<AsyncIterable<CsvRow[]>> {
      const scope = await ready(auth, p);
      const [ranked, areas] = await Promise.all([rankAllUnits(db, p.start_date, p.end_date, scope), units.knowledgeMap()]);
      /** The areas' titles in the version's order, each once (an id no longer an area is left out). */
      const areaTitlesOf = (ids: number[] | null) => [...new Set(ids ?? [])].flatMap((id) => areas.get(id)?.title ?? []);
      /** The ranking's units from `from`, with their title and areas (the published version's, else the current one's). */
      const read = async (after: number | undefined, limit: number) => {
        const from = after ?? 0;
        const batch = ranked.slice(from, from + limit);
        if (batch.length === 0) return [];
        const found = new Map(
          rowsOf<{ id: number; title: string; knowledge_ids: number[] | null }>(
            await db.execute(sql`select i.id, coalesce(c.title, '') as title, c.knowledge_ids from items i
              left join item_contents c on c.id = coalesce(i.published_content_id, i.current_content_id)
             where i.id = any(${`{${batch.map((r) => r.itemId).join(',')}}`}::int[])`),
          ).map((r) => [Number(r.id), r]),
        );
        return batch.map((r, i) => {
          const unit = found.get(r.itemId);
          const titles = areaTitlesOf(unit?.knowledge_ids ?? null);
          return { next: from + i + 1, row: [unit?.title ?? '', titles.length ? titles.join(', ') : UNIT_ACCESS_MSG.notInformed, r.accesses] as CsvRow };
        });
      };
      return (async function* () {
        for await (const batch of keysetBatches(read, (last) => last.next, CSV_BATCH)) yield batch.map((r) => r.row);
      })();
    },
  };
}
