/** The institution's payment request: the checkout of its cart opens one, and the rents it opens point at it. */
import type { Executor } from '../../platform/db';
import { paymentRequests } from './rents.tables';

/** Open a payment request in the caller's transaction; its id. */
export async function openPaymentRequest(
  ex: Executor,
  request: { sellerId: number; paymentMethodId: number; requestedBy: number },
): Promise<number> {
  const [row] = await ex.insert(paymentRequests).values(request).returning({ id: paymentRequests.id });
  return row!.id;
}
