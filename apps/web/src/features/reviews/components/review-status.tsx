/**
 * The evaluation status of a review (spec 2 §2.5, §4.2): when curation and revision started and the
 * status badges of curation, revision and the decision ('Análise' while waiting).
 */
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '@edu/shared/format';
import { reviewStatusLabel } from '@edu/shared/review-machine';
import type { ReviewDetail } from '@edu/shared/reviews';

const COLORS: Record<string, string> = { null: 'yellow', approved: 'green', correction: 'orange', reproved: 'red' };

export function ReviewStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge color={COLORS[status ?? 'null'] ?? 'gray'} variant="light" radius="sm" tt="none">
      {reviewStatusLabel(status)}
    </Badge>
  );
}

function Stage({ label, status, startedAt }: { label: string; status: string | null; startedAt?: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6}>
        <ReviewStatusBadge status={status} />
      </Group>
      {startedAt !== undefined && (
        <Text size="xs" c="dimmed">
          {startedAt ? `Início: ${formatDate(startedAt)}` : 'Não iniciada'}
        </Text>
      )}
    </Stack>
  );
}

export function ReviewStatus({ detail }: { detail: Pick<ReviewDetail, 'curatorStatus' | 'reviewerStatus' | 'managerStatus' | 'curationStartedAt' | 'revisionStartedAt'> }) {
  return (
    <SimpleGrid cols={3} spacing="sm">
      <Stage label="Curadoria" status={detail.curatorStatus} startedAt={detail.curationStartedAt} />
      <Stage label="Revisão" status={detail.reviewerStatus} startedAt={detail.revisionStartedAt} />
      <Stage label="Decisão" status={detail.managerStatus} />
    </SimpleGrid>
  );
}
