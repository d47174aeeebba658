/** The reports module's front door: what other modules, app.ts and main.ts may use of it. */
export { accessReportsModule } from './access-reports.routes';
export { recordAccess } from './access-events';
export { foldBeforeReading, startAccessFolding } from './access-rollups';
export { reportsModule } from './reports.routes';
export { unitsReportModule } from './units-report.routes';
