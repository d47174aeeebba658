/** The site's public configuration (videos, policy links, terms): one query, read by the shell and several features. */
import { queryOptions } from '@tanstack/react-query';
import { systemRoutes } from '@edu/shared/system';
import { call } from './api';

export const publicConfigQuery = () => queryOptions({ queryKey: ['public-config'] as const, queryFn: () => call(systemRoutes.config), staleTime: Infinity });
