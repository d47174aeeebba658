/** Public surface of the reviews feature: the dashboard's published-units table reads this query; the student viewer reuses the 'Relatar Problema' dialog. */
export { publishedUnitsQuery } from './api';
export { ProblemReportButton, type ProblemReportSender } from './components/problem-report-dialog';
