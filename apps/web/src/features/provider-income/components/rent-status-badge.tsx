import { Badge } from '@mantine/core';
import { RENT_STATUS_COLORS, rentStatusLabel, type RentStatus } from '@edu/shared/rent-machine';

/** A rent's status as spec 3 §4 labels and colours it (ATIVO, SOLICITADO, AGUARDANDO…). */
export function RentStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={RENT_STATUS_COLORS[status as RentStatus] ?? 'yellow'} variant="light">
      {rentStatusLabel(status)}
    </Badge>
  );
}
