/** Cells shared by the rent tables: the provider (logo and company), the status label with its colour, value and date. */
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { RENT_STATUS_COLORS, rentStatusLabel, type RentStatus } from '@edu/shared/rent-machine';
import { formatCents, formatLongDate } from '@edu/shared/format';
import { RENTS_MSG, type RentRow } from '@edu/shared/seller-rents';

export function ProviderCell({ row }: { row: Pick<RentRow, 'companyName' | 'imgLogoUrl'> }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={row.imgLogoUrl} alt={`Logo de ${row.companyName}`} name={row.companyName} color="initials" radius="sm" />
      <Text size="sm" fw={500}>
        {row.companyName}
      </Text>
    </Group>
  );
}

export function RentStatusCell({ row }: { row: Pick<RentRow, 'status' | 'cancelRequestedAt'> }) {
  return (
    <Group gap={6} wrap="wrap" miw={110}>
      <Badge
        color={RENT_STATUS_COLORS[row.status as RentStatus] ?? 'yellow'}
        variant="light"
        radius="sm"
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {rentStatusLabel(row.status)}
      </Badge>
      {row.cancelRequestedAt && (
        <Badge
          color="orange"
          variant="outline"
          radius="sm"
          tt="none"
          title={`Solicitado em ${formatLongDate(row.cancelRequestedAt)}`}
          style={{ flexShrink: 0, overflow: 'visible' }}
          styles={{ label: { overflow: 'visible' } }}
        >
          {RENTS_MSG.cancellationPending}
        </Badge>
      )}
    </Group>
  );
}

export const monthly = (cents: number) => `${formatCents(cents)}/mês`;

export function ValueCell({ cents }: { cents: number }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {monthly(cents)}
    </Text>
  );
}

export function DateCell({ iso }: { iso: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatLongDate(iso)}
    </Text>
  );
}
