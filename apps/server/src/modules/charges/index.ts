/** The charges module's front door: what app.ts, main.ts and other modules may use of it. */
export { chargesModule } from './charges.routes';
export { subscribeCharges } from './subscribers';
export { issueMonthlyCharges, startChargeIssuing } from './charges.issuing';
export type { IssueResult } from './charges.issuing';
export { payCharge, SYSTEM_ACTOR } from './charges.commands';
export type { ChargeActor, ChargeDeps, ChargePayment, PaidCharge } from './charges.commands';
export { runLateCharges, startLateCharges } from './late-charges';
export type { LateResult } from './late-charges';
export type { ChargeIssuedEvent, ChargeLateNoticeEvent, ChargePaidEvent, ChargeRentFacts } from './events';
