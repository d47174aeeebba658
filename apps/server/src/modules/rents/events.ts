/**
 * The rents module's domain events (platform/domain-events.ts), emitted by `rentLifecycle` in the transaction of
 * the change. Every payload names the rent, its institution (`sellerId`), its provider and the user who acted;
 * the notifications module turns them into the bell and e-mail notices.
 */
import type { RentEvent, RentFrom, RentStatus } from '@edu/shared/rent-machine';

interface RentFacts {
  rentId: number;
  sellerId: number;
  providerId: number;
  /** Null: the system (a rent activated by a system payment of its first charge). */
  actorId: number | null;
}

/** A rent was requested by the institution's payment request (status requested). */
export interface RentRequestedEvent extends RentFacts {
  name: 'rent.requested';
  planId: number;
  valueCents: number;
  paymentRequestId: number | null;
}

/**
 * The platform team accepted a rent request: requested → waiting (payment pending). The charges module issues the
 * rent's first charge in the same transaction; paying it makes the rent active.
 */
export interface RentAcceptedEvent extends RentFacts {
  name: 'rent.accepted';
  planId: number;
  valueCents: number;
}

/**
 * A rent became active: an admin's 'Novo Aluguel' (`cause` create, from 'new'), the manage-status modal or a payment
 * of its first charge by hand (setStatus), or a system payment of it (paid).
 */
export interface RentActivatedEvent extends RentFacts {
  name: 'rent.activated';
  cause: Extract<RentEvent, 'create' | 'setStatus' | 'paid'>;
  from: RentFrom;
}

/** A rent was canceled: by the platform team (`cause` cancel) or by the institution before paying (sellerCancel). */
export interface RentCanceledEvent extends RentFacts {
  name: 'rent.canceled';
  cause: Extract<RentEvent, 'cancel' | 'sellerCancel'>;
  from: RentStatus;
}

/** The institution asked to cancel an active rent (the status is unchanged; an admin then cancels it). */
export interface RentCancellationRequestedEvent extends RentFacts {
  name: 'rent.cancellation_requested';
}

/** An admin chose another plan: `rentId` is the rent that carries it now (`successorId` when the old one migrated). */
export interface RentPlanChangedEvent extends RentFacts {
  name: 'rent.plan_changed';
  /** The rent the change was asked on (migrated when it split). */
  previousRentId: number;
  successorId: number | null;
  planId: number;
  valueCents: number;
  from: RentStatus;
  to: RentStatus;
}

declare module '../../platform/domain-events' {
  interface DomainEventMap {
    'rent.requested': RentRequestedEvent;
    'rent.accepted': RentAcceptedEvent;
    'rent.activated': RentActivatedEvent;
    'rent.canceled': RentCanceledEvent;
    'rent.cancellation_requested': RentCancellationRequestedEvent;
    'rent.plan_changed': RentPlanChangedEvent;
  }
}
