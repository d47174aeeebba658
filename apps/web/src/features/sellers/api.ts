import { queryOptions } from '@tanstack/react-query';
import { sellersRoutes } from '@edu/shared/sellers';
import { systemRoutes } from '@edu/shared/system';
import { call } from '../../lib/api';

export const sellerQuery = (id: number) =>
  queryOptions({ queryKey: ['seller', id], queryFn: ({ signal }) => call(sellersRoutes.view, { params: { id }, signal }) });

export const publicConfigQuery = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: () => call(systemRoutes.config), staleTime: Infinity });
