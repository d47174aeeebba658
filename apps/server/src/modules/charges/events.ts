/**
 * The charges module's domain events (platform/domain-events.ts), emitted by the charges' one writer and the
 * late-payment job in the transaction of the change. Each payload carries what the institution's notice says (the
 * rents, the amount, the dates and the Pix copia e cola), so the notifications module tells without reading charges.
 */

/** One rent of a charge, as the notice lists it. */
export interface ChargeRentFacts {
  companyName: string;
  planName: string;
  amountCents: number;
}

/** What every charge event says of its charge. */
export interface ChargeFacts {
  chargeId: number;
  sellerId: number;
  /** The charge's code (the Pix txid). */
  code: string;
  /** The month covered: its first day, YYYY-MM-DD. */
  period: string;
  amountCents: number;
  dueOn: string;
  rents: ChargeRentFacts[];
}

/** The Pix of an unpaid charge: the copia e cola (null when Pix is not configured) and whether it is the demo's. */
export interface ChargePixFacts {
  pixCopiaECola: string | null;
  pixDemo: boolean;
}

/** A charge was issued (a rent's first charge at acceptance, or an institution's monthly charge). */
export interface ChargeIssuedEvent extends ChargeFacts, ChargePixFacts {
  name: 'charge.issued';
}

/** A charge was paid (by the platform team by hand, or by the system from a payment notice). */
export interface ChargePaidEvent extends ChargeFacts {
  name: 'charge.paid';
  /** The day the money arrived (YYYY-MM-DD) and the bank's reference. */
  paidOn: string;
  reference: string;
}

/** A late-payment notice is due: the charge is unpaid `daysLate` days after its due date (a CHARGES.lateNoticeDays day). */
export interface ChargeLateNoticeEvent extends ChargeFacts, ChargePixFacts {
  name: 'charge.late_notice';
  daysLate: number;
  /** The first day the institution is suspended if the charge is still unpaid (due date + suspendAfterDaysLate + 1). */
  suspendsOn: string;
}

declare module '../../platform/domain-events' {
  interface DomainEventMap {
    'charge.issued': ChargeIssuedEvent;
    'charge.paid': ChargePaidEvent;
    'charge.late_notice': ChargeLateNoticeEvent;
  }
}
