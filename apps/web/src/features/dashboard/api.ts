/** Query of the platform team's Painel (admin and director): the counts of what needs doing now. */
import { queryOptions } from '@tanstack/react-query';
import { dashboardRoutes } from '@edu/shared/dashboard';
import { call } from '../../lib/api';

export const staffTasksQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'staff-tasks'] as const,
    queryFn: ({ signal }) => call(dashboardRoutes.staffTasks, { signal }),
    // The counts follow work done on five other screens: the Painel asks again each time it is opened (one cheap
    // statement) rather than keep an answer from before an approval.
    staleTime: 0,
    refetchOnMount: 'always',
  });
