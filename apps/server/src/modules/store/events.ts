/**
 * The store module's domain events (platform/domain-events.ts), emitted in the transaction of the change: the
 * institution's 'Solicitar Pagamento' (one event for the whole request, after its rents were opened, each of which
 * emitted its own rent.requested).
 */

/** The institution requested payment of the rents and services of its cart. */
export interface PaymentRequestedEvent {
  name: 'payment.requested';
  paymentRequestId: number;
  sellerId: number;
  actorId: number;
  /** The payment method's description ('Boleto', 'Pix', …). */
  paymentMethod: string;
  /** The institution's plan, the rents' plan. */
  planName: string | null;
  rents: { rentId: number; providerId: number; companyName: string; priceCents: number }[];
  services: { serviceRequestId: number; providerId: number; companyName: string; title: string }[];
  /** The monthly total of the rents (centavos). */
  totalCents: number;
}

declare module '../../platform/domain-events' {
  interface DomainEventMap {
    'payment.requested': PaymentRequestedEvent;
  }
}
