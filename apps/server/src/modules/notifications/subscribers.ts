/**
 * The notifications module's subscriptions to the other modules' domain events (platform/domain-events.ts): every
 * bell and e-mail notice of a rent, a payment request, a charge, an institution's status and a course import is written here,
 * `within` the transaction of the change (a change that rolls back tells nobody). The emitters do not know who is told.
 */
import type { Deps } from '../../platform/deps';
import { domainEvents } from '../../platform/domain-events';
import { subscribeChargeNotices } from './charge-notices';
import { subscribeCourseNotices } from './course-notices';
import { subscribeInstitutionNotices } from './institution-notices';
import { subscribePaymentNotices } from './payment-notices';
import { subscribeRentNotices } from './rent-notices';

export function subscribeNotifications(deps: Pick<Deps, 'jobs' | 'mailer' | 'config'>): void {
  domainEvents(deps).subscribeOnce('notifications', (events) => {
    subscribeRentNotices(events, deps);
    subscribePaymentNotices(events, deps);
    subscribeInstitutionNotices(events, deps);
    subscribeCourseNotices(events);
    subscribeChargeNotices(events, deps);
  });
}
