/** The studio's own top bar: the brand, the unit's title and status, 'Pré-visualizar' (narrow screens), 'SALVAR' and 'Sair'. */
import { Badge, Button, Divider, Group, Text } from '@mantine/core';
import { IconDeviceFloppy, IconEye, IconLogout } from '@tabler/icons-react';
import { UNIT_STATUS_COLORS, UNIT_STATUS_LABELS, type UnitContent } from '@edu/shared/units';
import { Brand } from '../../../ui/brand';

export interface StudioTopBarProps {
  /** The unit being edited; null for a new unit. */
  unit: UnitContent | null;
  /** The title typed so far. */
  title: string;
  /** The preview is beside the editor (wide screens): no 'Pré-visualizar' button. */
  wide: boolean;
  /** 'SALVAR' is loading. */
  saving: boolean;
  /** The unit is with the reviewers or in the trash: 'SALVAR' is disabled. */
  locked: boolean;
  onPreview(): void;
  onSave(): void;
  onLeave(): void;
}

export function StudioTopBar({ unit, title, wide, saving, locked, onPreview, onSave, onLeave }: StudioTopBarProps) {
  return (
    <Group component="header" justify="space-between" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap" visibleFrom="sm">
          <Brand size="sm" />
          <Divider orientation="vertical" />
        </Group>
        {/* The studio's page title (its one h1), as small as the bar. */}
        <Text component="h1" fw={600} truncate="end" maw={360} data-testid="studio-heading">
          {unit !== null ? title.trim() || 'Unidade sem título' : 'Nova unidade'}
        </Text>
        {unit && (
          <Badge color={UNIT_STATUS_COLORS[unit.status]} variant="light" style={{ flexShrink: 0 }}>
            {UNIT_STATUS_LABELS[unit.status]}
            {unit.version > 1 ? ` · versão ${unit.version}` : ''}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {!wide && (
          <Button variant="default" leftSection={<IconEye size={18} />} onClick={onPreview}>
            Pré-visualizar
          </Button>
        )}
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={onSave} loading={saving} disabled={locked}>
          SALVAR
        </Button>
        <Button variant="default" leftSection={<IconLogout size={18} />} onClick={onLeave}>
          Sair
        </Button>
      </Group>
    </Group>
  );
}
