import { Badge, Group } from '@mantine/core';
import { UNIT_STATUS_COLORS, UNIT_STATUS_LABELS, type UnitStatus } from '@edu/shared/units';

/** The status of a unit (spec 2 §4.1), with the 'Em atualização' marker of a later version on its way. */
export function UnitStatusBadge({ status, updating }: { status: UnitStatus; updating?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={UNIT_STATUS_COLORS[status]} variant="light" radius="sm" tt="none">
        {UNIT_STATUS_LABELS[status]}
      </Badge>
      {updating && (
        <Badge color="violet" variant="outline" radius="sm" tt="none">
          Em atualização
        </Badge>
      )}
    </Group>
  );
}
