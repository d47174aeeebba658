import type { FastifyInstance } from 'fastify';
import {
  ACCESS_REPORT_CSV_HEADER,
  ACCESS_REPORT_FILE_NAME,
  UNIT_ACCESS_CSV_HEADER,
  UNIT_ACCESS_REPORT_FILE_NAME,
  accessReportsRoutes as R,
} from '@edu/shared/access-reports';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { sendCsv } from '../../platform/csv-export';
import { accessReportService } from './access-report.service';
import { unitAccessReportService } from './unit-access-report.service';

/** 'Relatório de Acessos' and 'Relatório de Acessos por Unidades' (spec 3 §2.17): pages, charts and CSVs. */
export function accessReportsModule(app: FastifyInstance, deps: Deps) {
  const access = accessReportService(deps);
  registerRoute(app, deps, R.access, ({ auth, query }) => access.list(auth, query));
  registerRoute(app, deps, R.accessCharts, ({ auth, query }) => access.charts(auth, query));
  registerRoute(app, deps, R.accessCsv, async ({ auth, query, reply }) =>
    sendCsv(reply, ACCESS_REPORT_FILE_NAME, ACCESS_REPORT_CSV_HEADER, await access.csvRows(auth, query)) as never,
  );
  registerRoute(app, deps, R.accessSellers, ({ query }) => access.sellers(query));

  const units = unitAccessReportService(deps);
  registerRoute(app, deps, R.units, ({ auth, params, query }) => units.list(auth, params, query));
  registerRoute(app, deps, R.unitsCharts, ({ auth, params }) => units.charts(auth, params));
  registerRoute(app, deps, R.unitsCsv, async ({ auth, params, reply }) =>
    sendCsv(reply, UNIT_ACCESS_REPORT_FILE_NAME, UNIT_ACCESS_CSV_HEADER, await units.csvRows(auth, params)) as never,
  );
}
