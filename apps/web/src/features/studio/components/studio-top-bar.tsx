/**
 * The studio's own top bar: the brand, the unit's title and status, 'Pré-visualizar' (narrow screens), 'SALVAR' and
 * 'Sair'. When the buttons do not fit beside the title (phones) they move to a second row, right-aligned: the title
 * keeps at least 12rem and no button is ever cut.
 */
import { Badge, Button, Divider, Group, Text } from '@mantine/core';
import { IconDeviceFloppy, IconEye, IconLogout } from '@tabler/icons-react';
import { UNIT_STATUS_COLORS, UNIT_STATUS_LABELS, type UnitContent } from '@edu/shared/units';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../../lib/phone';
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
  // Phones: narrower buttons, so the three fit on one row under the title.
  const px = useMediaQuery(PHONE_QUERY) ? 'sm' : undefined;
  return (
    <Group component="header" justify="space-between" px="md" py="xs" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Group gap="sm" wrap="nowrap" visibleFrom="sm">
          <Brand size="sm" />
          <Divider orientation="vertical" />
        </Group>
        <Text fw={600} truncate="end" maw={360} data-testid="studio-heading">
          {unit !== null ? title.trim() || 'Unidade sem título' : 'Nova unidade'}
        </Text>
        {unit && (
          <Badge color={UNIT_STATUS_COLORS[unit.status]} variant="light" style={{ flexShrink: 0 }}>
            {UNIT_STATUS_LABELS[unit.status]}
            {unit.version > 1 ? ` · versão ${unit.version}` : ''}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
        {!wide && (
          <Button variant="default" px={px} leftSection={<IconEye size={18} />} onClick={onPreview}>
            Pré-visualizar
          </Button>
        )}
        <Button px={px} leftSection={<IconDeviceFloppy size={18} />} onClick={onSave} loading={saving} disabled={locked}>
          SALVAR
        </Button>
        <Button variant="default" px={px} leftSection={<IconLogout size={18} />} onClick={onLeave}>
          Sair
        </Button>
      </Group>
    </Group>
  );
}
