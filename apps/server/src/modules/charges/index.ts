/** The charges module's front door: what app.ts, main.ts and other modules may use of it. */
export { chargesModule } from './charges.routes';
export { subscribeCharges } from './subscribers';
export { issueMonthlyCharges, startChargeIssuing } from './charges.issuing';
export type { IssueResult } from './charges.issuing';
