/**
 * The one rent-status badge (spec 3 §2.8, §2.12, §4): the machine's label and colour (ATIVO, SOLICITADO,
 * AGUARDANDO…), plus 'Cancelamento solicitado' while the institution's cancel request waits. Used by the
 * institution's and the rentals control's lists and by the provider's rents and dashboard.
 */
import { Badge, Group } from '@mantine/core';
import { formatLongDate } from '@edu/shared/format';
import { RENT_STATUS_COLORS, rentStatusLabel, type RentStatus } from '@edu/shared/rent-machine';
import { RENTS_MSG } from '@edu/shared/rents';

// A badge's label is clipped by default; these labels are short and must show whole.
const whole = { style: { flexShrink: 0, overflow: 'visible' }, styles: { label: { overflow: 'visible' } } } as const;

export function RentStatusBadge({ status, cancelRequestedAt }: { status: string; cancelRequestedAt?: string | null }) {
  const badge = (
    <Badge color={RENT_STATUS_COLORS[status as RentStatus] ?? 'yellow'} variant="light" radius="sm" {...whole}>
      {rentStatusLabel(status)}
    </Badge>
  );
  if (!cancelRequestedAt) return badge;
  return (
    <Group gap={6} wrap="wrap" miw={110}>
      {badge}
      <Badge color="orange" variant="outline" radius="sm" tt="none" title={`Solicitado em ${formatLongDate(cancelRequestedAt)}`} {...whole}>
        {RENTS_MSG.cancellationPending}
      </Badge>
    </Group>
  );
}
