/** The LMS-key calls (spec 1 §2.7) and the request for LMS access from the settings. */
import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@edu/shared/lms';
import { call } from '../../lib/api';
import { publicConfigQuery } from '../../lib/public-config';

/** The site's public configuration (videos, links). */
export const usePublicConfig = () => useQuery(publicConfigQuery());

/** PUT /sellers/lms/key: a new key, shown once. */
export const generateLmsKey = (sellerId: number) => call(lmsRoutes.generate, { body: { id: sellerId } });

/** 'Solicitar acesso' from the settings: asks the platform for LMS access for the institution. */
export const requestLmsAccess = (sellerId: number) => call(lmsRoutes.request, { body: { id: sellerId } });
