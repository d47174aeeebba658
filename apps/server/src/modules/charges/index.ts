/** The charges module's front door: what app.ts, main.ts and other modules may use of it. */
export { chargesModule } from './charges.routes';
export { subscribeCharges } from './subscribers';
export { issueMonthlyCharges, startChargeIssuing } from './charges.issuing';
export type { IssueResult } from './charges.issuing';
// Read-only money figures for the provider's income and the team's financial report; the demo's paid months.
export { financialCells, incomeByMonthSql, incomeSumsOf, receivedOfRentSql } from './charges.income';
export type { FinancialFilters, IncomeSumsJson } from './charges.income';
export { seedDemoPaidCharges } from './demo-charges';
export { payCharge, SYSTEM_ACTOR } from './charges.commands';
export type { ChargeActor, ChargeDeps, ChargePayment, PaidCharge } from './charges.commands';
export { runLateCharges, startLateCharges } from './late-charges';
export type { LateResult } from './late-charges';
export type { ChargeIssuedEvent, ChargeLateNoticeEvent, ChargePaidEvent, ChargeRentFacts } from './events';
