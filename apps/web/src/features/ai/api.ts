/** The AI activity generator's calls (spec 1 §2.15), its one query-key factory and its one write. */
import { queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { aiRoutes, type AiActivityModel } from '@edu/shared/ai';
import { ApiError, call } from '../../lib/api';
import type { Reactions } from '../../lib/query';

export const aiKeys = { access: ['ai', 'access'] as const };

export const aiAccessQuery = () => queryOptions({ queryKey: aiKeys.access, queryFn: () => call(aiRoutes.access), staleTime: 60_000 });

type ActivityBody = { topic: string; model: AiActivityModel; duration: number };
export const generateActivity = (body: ActivityBody) => call(aiRoutes.activity, { body });

/** A screen's own reactions to a write (messages, its state): called after the hook's cache work. */

/** 'Gerar Atividade com IA': a refusal that says the access changed (restricted, not configured) asks the access again. */
export function useGenerateActivity(reactions: Reactions<Awaited<ReturnType<typeof generateActivity>>, ActivityBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: generateActivity,
    onError: (err, ...rest) => {
      if (err instanceof ApiError && (err.code === 'AI_RESTRICTED' || err.code === 'AI_NOT_CONFIGURED')) {
        void queryClient.invalidateQueries({ queryKey: aiKeys.access });
      }
      return reactions.onError?.(err, ...rest);
    },
  });
}
