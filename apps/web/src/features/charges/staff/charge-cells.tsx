/** Small pieces of the team's charge screens: the month a charge covers, its status badge. */
import { Badge } from '@mantine/core';
import { CHARGE_STATUS_COLORS, CHARGE_STATUS_LABELS, type ChargeStatus } from '@edu/shared/charge-machine';

/** 'YYYY-MM-01' → 'MM/AAAA'. */
export const periodLabel = (period: string) => `${period.slice(5, 7)}/${period.slice(0, 4)}`;

/** 'YYYY-MM-DD' → 'DD/MM/AAAA' (a calendar date: no time zone involved). */
export const dayLabel = (day: string | null) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '—');

export function ChargeStatusBadge({ status }: { status: ChargeStatus }) {
  return (
    <Badge color={CHARGE_STATUS_COLORS[status]} variant="light">
      {CHARGE_STATUS_LABELS[status]}
    </Badge>
  );
}
