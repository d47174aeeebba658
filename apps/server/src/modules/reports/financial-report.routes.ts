/**
 * 'Relatório Financeiro' (@edu/shared/financial-report): the platform team's billed, paid, overdue and open sums per
 * month and per institution or provider, and its CSV. The sums are the charges module's (`financialCells`, through its
 * index.ts: the charges' tables are its own); the report's shape is the shared `summarizeFinancial`.
 */
import type { FastifyInstance } from 'fastify';
import {
  FINANCIAL_REPORT_CSV_HEADER,
  FINANCIAL_REPORT_FILE_NAME,
  csvReais,
  financialReportRoutes as R,
  monthsBetween,
  summarizeFinancial,
} from '@edu/shared/financial-report';
import { shortMonthLabel } from '@edu/shared/provider-income';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { sendCsv, type CsvRow } from '../../platform/csv-export';
import { financialCells } from '../charges/index';

export function financialReportModule(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, R.report, async ({ query }) => summarizeFinancial(await financialCells(deps.db, query), monthsBetween(query.from, query.to), query.by));
  registerRoute(app, deps, R.csv, async ({ query, reply }) => {
    // At most 24 months of institution × provider sums: one statement, written at once.
    const cells = await financialCells(deps.db, query);
    const rows: CsvRow[] = cells.map((c) => [
      shortMonthLabel(c.month),
      c.sellerName,
      c.providerName,
      csvReais(c.billedCents),
      csvReais(c.paidCents),
      csvReais(c.overdueCents),
      csvReais(c.openCents),
    ]);
    return sendCsv(reply, FINANCIAL_REPORT_FILE_NAME, FINANCIAL_REPORT_CSV_HEADER, (async function* () {
      yield rows;
    })()) as never;
  });
}
