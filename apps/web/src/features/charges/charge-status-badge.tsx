import { Badge } from '@mantine/core';
import { CHARGE_STATUS_COLORS, chargeStatusLabel, type ChargeStatus } from '@edu/shared/charge-machine';

/** A charge's status as the machine names it (ABERTA, PAGA, VENCIDA, CANCELADA), in its colour. */
export function ChargeStatusBadge({ status }: { status: ChargeStatus }) {
  return (
    <Badge color={CHARGE_STATUS_COLORS[status]} variant="light" radius="sm" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
      {chargeStatusLabel(status)}
    </Badge>
  );
}
