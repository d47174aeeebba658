/** Problem reports and the feedback report: queries and mutations through the one API client. */
import { queryOptions } from '@tanstack/react-query';
import { feedbackRoutes } from '@edu/shared/feedback';
import type { Body } from '@edu/shared/contract';
import { call } from '../../lib/api';

export const feedbackKeys = { list: ['feedback', 'list'] as const };

export const feedbackListQuery = () =>
  queryOptions({ queryKey: feedbackKeys.list, queryFn: ({ signal }) => call(feedbackRoutes.list, { signal }) });

export const reportProblem = (body: Body<typeof feedbackRoutes.report>) => call(feedbackRoutes.report, { body });
export const setFeedbackStatus = (id: number, status: 'resolved' | 'closed') => call(feedbackRoutes.status, { body: { id, status } });
