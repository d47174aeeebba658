/**
 * The institutions module's domain events (platform/domain-events.ts), emitted by the platform team's status change,
 * once per institution whose status changed, in the change's transaction.
 */

interface InstitutionStatusFacts {
  sellerId: number;
  /** The institution's name (sellers.name) as it is now. */
  sellerName: string;
  actorId: number;
}

/** The institution was suspended: the store, the cart and the catalogue refuse its users until it is reactivated. */
export interface InstitutionSuspendedEvent extends InstitutionStatusFacts {
  name: 'institution.suspended';
}

/** The institution was made active (from suspended, or from pending: its first activation). */
export interface InstitutionReactivatedEvent extends InstitutionStatusFacts {
  name: 'institution.reactivated';
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
