/** Problem reports and the feedback report: queries and mutations through the one API client. */
import { queryOptions } from '@tanstack/react-query';
import { API } from '@edu/shared/api';
import type { Body } from '@edu/shared/contract';
import { call } from '../../lib/api';

export const feedbackKeys = { list: ['feedback', 'list'] as const };

export const feedbackListQuery = () =>
  queryOptions({ queryKey: feedbackKeys.list, queryFn: ({ signal }) => call(API.feedback.list, { signal }) });

export const reportProblem = (body: Body<typeof API.feedback.report>) => call(API.feedback.report, { body });
export const setFeedbackStatus = (id: number, status: 'resolved' | 'closed') => call(API.feedback.status, { body: { id, status } });
