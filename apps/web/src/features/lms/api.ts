import { useQuery } from '@tanstack/react-query';
import { API } from '@edu/shared/api';
import { call } from '../../lib/api';

/** The site's public configuration (videos, links). */
export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: () => call(API.system.config), staleTime: Infinity });
}

/** PUT /sellers/lms/key: a new key, shown once. */
export const generateLmsKey = (sellerId: number) => call(API.lms.generate, { body: { id: sellerId } });
