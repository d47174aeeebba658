import { useQuery } from '@tanstack/react-query';
import { systemRoutes } from '@edu/shared/system';
import { lmsRoutes } from '@edu/shared/lms';
import { call } from '../../lib/api';

/** The site's public configuration (videos, links). */
export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: () => call(systemRoutes.config), staleTime: Infinity });
}

/** PUT /sellers/lms/key: a new key, shown once. */
export const generateLmsKey = (sellerId: number) => call(lmsRoutes.generate, { body: { id: sellerId } });
