/** Problem reports and the feedback report: queries and mutations through the one API client. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { feedbackRoutes } from '@edu/shared/feedback';
import type { Body } from '@edu/shared/contract';
import type { FeedbackListQuery } from '@edu/shared/feedback';
import { call } from '../../lib/api';

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

export const reportProblem = (body: Body<typeof feedbackRoutes.report>) => call(feedbackRoutes.report, { body });
export const setFeedbackStatus = (id: number, status: 'resolved' | 'closed') => call(feedbackRoutes.status, { body: { id, status } });
