/**
 * The institutions module's domain events (platform/domain-events.ts), emitted by the platform team's status change,
 * once per institution whose status changed, in the change's transaction — and by the late-payment rule's automatic
 * suspension and reactivation (`non-payment.ts`, actor null: the system).
 */
import type { SuspensionReason } from '@edu/shared/institutions';

interface InstitutionStatusFacts {
  sellerId: number;
  /** The institution's name (sellers.name) as it is now. */
  sellerName: string;
  /** The user who changed it; null: the system (the late-payment rule). */
  actorId: number | null;
}

/** The institution was suspended: the store, the cart and the catalogue refuse its users until it is reactivated. */
export interface InstitutionSuspendedEvent extends InstitutionStatusFacts {
  name: 'institution.suspended';
  /** Why the system suspended it (non_payment); absent or null: suspended by hand. */
  reason?: SuspensionReason | null;
}

/** The institution was made active (from suspended, or from pending: its first activation). */
export interface InstitutionReactivatedEvent extends InstitutionStatusFacts {
  name: 'institution.reactivated';
  /** non_payment: the system lifted a suspension for non-payment once the overdue charges were paid. */
  reason?: SuspensionReason | null;
}

/** The institution went back to pending activation. */
export interface InstitutionPendingEvent extends InstitutionStatusFacts {
  name: 'institution.returned_to_pending';
}

declare module '../../platform/domain-events' {
  interface DomainEventMap {
    'institution.suspended': InstitutionSuspendedEvent;
    'institution.reactivated': InstitutionReactivatedEvent;
    'institution.returned_to_pending': InstitutionPendingEvent;
  }
}
