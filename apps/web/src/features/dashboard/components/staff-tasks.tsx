import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconAlertTriangle, IconBuildingOff, IconCashOff, IconHourglass, IconMessageReport, IconReceipt, type Icon } from '@tabler/icons-react';
import type { StaffTasks } from '@edu/shared/dashboard';
import { MSG } from '@edu/shared/messages';
import { LoadError } from '../../../ui/load-error';
import { staffTasksQuery } from '../api';

type CountKey = Exclude<keyof StaffTasks, 'oldestRentRequest'>;

interface Task {
  key: CountKey;
  /** The screen where the task is done (and the filter or tab that shows it, where the screen reads it). */
  to: (tasks: StaffTasks) => string;
  one: string;
  many: string;
  icon: Icon;
  /** A line under the count, when there is something to say about where the link goes. */
  detail?: (tasks: StaffTasks) => string | null;
}

/** The six tasks, in the order the platform team works: who joins, what is sent, what is bought, what is unpaid, who is out, what broke. */
export const STAFF_TASKS: Task[] = [
  {
    key: 'providersInReview', to: () => '/dashboard/providers?status=review', icon: IconHourglass,
    one: 'fornecedor aguardando aprovação', many: 'fornecedores aguardando aprovação',
  },
  {
    key: 'unitsAwaitingDelegation', to: () => '/dashboard/units?tab=new', icon: IconAlertTriangle,
    one: 'unidade aguardando delegação', many: 'unidades aguardando delegação',
  },
  {
    // The rentals control is one institution's: the card opens the one with the oldest request, else the institutions.
    key: 'rentRequests', icon: IconReceipt,
    to: (t) => (t.oldestRentRequest ? `/seller/rents-control/${t.oldestRentRequest.sellerId}` : '/seller/control'),
    one: 'solicitação de aluguel aguardando aceite', many: 'solicitações de aluguel aguardando aceite',
    detail: (t) => (t.rentRequests > 1 && t.oldestRentRequest ? `Abre a mais antiga: ${t.oldestRentRequest.sellerName}` : t.oldestRentRequest?.sellerName ?? null),
  },
  {
    key: 'overdueCharges', to: () => '/dashboard/charges?status=overdue', icon: IconCashOff,
    one: 'cobrança vencida', many: 'cobranças vencidas',
  },
  {
    key: 'suspendedInstitutions', to: () => '/seller/control?status=suspended', icon: IconBuildingOff,
    one: 'instituição suspensa', many: 'instituições suspensas',
  },
  {
    key: 'openFeedback', to: () => '/dashboard/feedback-report', icon: IconMessageReport,
    one: 'feedback em aberto', many: 'feedbacks em aberto',
  },
];

export const NOTHING_PENDING = 'Nada pendente';

/** "3 fornecedores aguardando aprovação", "0 … : nada pendente": the link's name, which holds its visible words. */
export function taskName(task: Task, tasks: StaffTasks): string {
  const n = tasks[task.key];
  const detail = n > 0 ? task.detail?.(tasks) : null;
  return `${n} ${n === 1 ? task.one : task.many}${n === 0 ? `: ${NOTHING_PENDING.toLowerCase()}` : ''}${detail ? ` (${detail})` : ''}`;
}

/**
 * The platform team's Painel (admin and director): what needs doing now, each a count that is a link to the screen
 * where it is done. A zero says 'Nada pendente'; the counts are asked again each time the Painel opens.
 */
export function StaffTasksPanel() {
  const tasks = useQuery(staffTasksQuery());
  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-tasks-title">
      <Title order={2} size="h3" id="staff-tasks-title">
        O que precisa ser feito agora
      </Title>
      {tasks.isError ? (
        <LoadError error={tasks.error} message={MSG.dashboardLoadFail} onRetry={() => void tasks.refetch()} retrying={tasks.isFetching} />
      ) : !tasks.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Carregando as pendências">
          {STAFF_TASKS.map((t) => (
            <Skeleton key={t.key} h={112} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="staff-tasks">
          {STAFF_TASKS.map((task) => (
            <TaskCard key={task.key} task={task} tasks={tasks.data} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function TaskCard({ task, tasks }: { task: Task; tasks: StaffTasks }) {
  const n = tasks[task.key];
  const detail = n > 0 ? task.detail?.(tasks) : null;
  const Icon = task.icon;
  return (
    <UnstyledButton component={Link} to={task.to(tasks)} aria-label={taskName(task, tasks)} data-task={task.key} h="100%">
      <Card withBorder padding="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color={n > 0 ? 'orange' : 'gray'} aria-hidden>
            <Icon size={24} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fz={28} fw={700} lh={1.1} c={n > 0 ? undefined : 'dimmed'}>
              {n}
            </Text>
            <Text fw={600}>{n === 1 ? task.one : task.many}</Text>
            {n === 0 ? (
              <Text size="sm" c="dimmed">
                {NOTHING_PENDING}
              </Text>
            ) : (
              detail && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {detail}
                </Text>
              )
            )}
          </div>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
