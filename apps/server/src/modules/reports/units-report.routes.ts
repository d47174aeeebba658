import type { FastifyInstance } from 'fastify';
import { UNITS_REPORT_CSV_HEADER, UNITS_REPORT_FILE_NAME, unitsReportRoutes as R } from '@edu/shared/units-report';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { sendCsv } from '../../platform/csv-export';
import { unitsReportService } from './units-report.service';

/** 'Relatório de Unidades Publicadas' (spec 3 §2.17): the page and its CSV. */
export function unitsReportModule(app: FastifyInstance, deps: Deps) {
  const svc = unitsReportService(deps);
  registerRoute(app, deps, R.list, ({ auth, query }) => svc.list(auth, query));
  registerRoute(app, deps, R.csv, async ({ auth, query, reply }) =>
    sendCsv(reply, UNITS_REPORT_FILE_NAME, UNITS_REPORT_CSV_HEADER, await svc.csvRows(auth, query)) as never,
  );
}
