import { queryOptions } from '@tanstack/react-query';
import { API } from '@edu/shared/api';
import { call } from '../../lib/api';

export const sellerQuery = (id: number) =>
  queryOptions({ queryKey: ['seller', id], queryFn: ({ signal }) => call(API.sellers.view, { params: { id }, signal }) });

export const publicConfigQuery = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: () => call(API.system.config), staleTime: Infinity });
