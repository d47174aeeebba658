/** The seller (institution) and its terms (spec 1 §2.11): queries and calls through the one API client. */
import { queryOptions } from '@tanstack/react-query';
import { sellersRoutes } from '@edu/shared/sellers';
import { call } from '../../lib/api';

export { publicConfigQuery } from '../../lib/public-config';

export const sellersKeys = { one: (id: number) => ['seller', id] as const };

export const sellerQuery = (id: number) =>
  queryOptions({ queryKey: sellersKeys.one(id), queryFn: ({ signal }) => call(sellersRoutes.view, { params: { id }, signal }) });

export const acceptTerms = (sellerId: number) => call(sellersRoutes.acceptTerms, { body: { seller_id: sellerId } });
export const acceptLatePaymentTerms = (sellerId: number) => call(sellersRoutes.acceptLatePaymentTerms, { body: { seller_id: sellerId } });
