import { Badge, Group } from '@mantine/core';
import { UNIT_STATUS_COLORS, UNIT_STATUS_LABELS, type UnitStatus } from '@edu/shared/units';

/**
 * The status of a unit (spec 2 §4.1), with the 'Em atualização' marker of a later version on its way. The badges keep
 * their whole text (Mantine cuts a squeezed badge to 'Atu…'): in a narrow column the marker goes below the status.
 */
export function UnitStatusBadge({ status, updating }: { status: UnitStatus; updating?: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={UNIT_STATUS_COLORS[status]} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {UNIT_STATUS_LABELS[status]}
      </Badge>
      {updating && (
        <Badge color="violet" variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          Em atualização
        </Badge>
      )}
    </Group>
  );
}
