/** Problem reports and the feedback report: queries through the one API client, and the writes as hooks. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { feedbackRoutes, nextFeedbackStatus } from '@edu/shared/feedback';
import type { FeedbackListQuery, FeedbackReportPage, FeedbackRow } from '@edu/shared/feedback';
import { call } from '../../lib/api';
import type { Reactions } from '../../lib/query';

export const feedbackKeys = {
  all: ['feedback'] as const,
  lists: ['feedback', 'list'] as const,
  list: (query: FeedbackListQuery) => ['feedback', 'list', query] as const,
};

/** One page of the report (paginated on the server); the previous page stays on screen while the next loads. */
export const feedbackListQuery = (query: FeedbackListQuery) =>
  queryOptions({
    queryKey: feedbackKeys.list(query),
    queryFn: ({ signal }) => call(feedbackRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const setFeedbackStatus = (id: number, status: 'resolved' | 'closed') => call(feedbackRoutes.status, { body: { id, status } });


/**
 * The report's status toggle (to resolved, or from resolved to closed): the answer replaces the row in the page
 * shown (`query`); after a refusal every page refetches.
 */
export function useToggleFeedbackStatus(query: FeedbackListQuery, options: Reactions<FeedbackRow, FeedbackRow> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (row: FeedbackRow) => setFeedbackStatus(row.id, nextFeedbackStatus(row.status)),
    onSuccess: (...args) => {
      const updated = args[0];
      queryClient.setQueryData<FeedbackReportPage>(feedbackKeys.list(query), (current) =>
        current ? { ...current, data: current.data.map((r) => (r.id === updated.id ? updated : r)) } : current,
      );
      return options.onSuccess?.(...args);
    },
    onError: (...args) => {
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists });
      return options.onError?.(...args);
    },
  });
}
