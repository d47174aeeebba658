/** The AI activity generator's calls (spec 1 §2.15) and its one query-key factory. */
import { queryOptions } from '@tanstack/react-query';
import { aiRoutes, type AiActivityModel } from '@edu/shared/ai';
import { call } from '../../lib/api';

export const aiKeys = { access: ['ai', 'access'] as const };

export const aiAccessQuery = () => queryOptions({ queryKey: aiKeys.access, queryFn: () => call(aiRoutes.access), staleTime: 60_000 });

export const generateActivity = (body: { topic: string; model: AiActivityModel; duration: number }) => call(aiRoutes.activity, { body });
