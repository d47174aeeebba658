/** Cells shared by the rent tables: the provider (logo and company), value and date (the status is ui/rent-status-badge). */
import { Avatar, Group, Text } from '@mantine/core';
import { formatLongDate, formatMonthly } from '@edu/shared/format';
import type { RentRow } from '@edu/shared/rents';

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

export function ValueCell({ cents }: { cents: number }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatMonthly(cents)}
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
