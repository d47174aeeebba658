/**
 * The charges module's subscriptions to the rents' domain events, `within` the rent move's transaction (the charge
 * commits or rolls back with the move):
 * - rent.accepted (requested → waiting): the rent's first charge, for the current month (`issueFirstCharge`);
 * - rent.canceled: the rent's unpaid charges that no longer stand are canceled (`voidChargesOfCanceledRent`).
 * A plan change issues nothing: the month's charge keeps the price it was issued at, the new price is charged from the
 * next month (the successor rent is not charged again in the month of the change).
 */
import type { Deps } from '../../platform/deps';
import { domainEvents } from '../../platform/domain-events';
import { voidChargesOfCanceledRent } from './charges.commands';
import { issueFirstCharge } from './charges.issuing';

export function subscribeCharges(deps: Pick<Deps, 'jobs' | 'config'>): void {
  domainEvents(deps).subscribeOnce('charges', (events) => {
    events.within('rent.accepted', async (tx, e) => {
      await issueFirstCharge(tx, deps, e.rentId);
    });
    events.within('rent.canceled', async (tx, e) => {
      await voidChargesOfCanceledRent(tx, e);
    });
  });
}
