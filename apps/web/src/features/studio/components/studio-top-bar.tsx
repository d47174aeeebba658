/**
 * The studio's own top bar: the brand, the unit's title, what is saved (a polite live region) and its status,
 * 'Pré-visualizar' (narrow screens), 'SALVAR' (its tooltip names Ctrl+S) and 'Sair'.
 */
import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
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
  /** 'Salvando…', 'Salvo às 14:32', 'Alterações não salvas' (save-status.ts); empty for a new unit not saved yet. */
  saveStatus: string;
  /** The status says why an automatic save failed. */
  saveStatusAlert?: boolean;
  onPreview(): void;
  onSave(): void;
  onLeave(): void;
}

export function StudioTopBar({ unit, title, wide, saving, locked, saveStatus, saveStatusAlert = false, onPreview, onSave, onLeave }: StudioTopBarProps) {
  const phone = useMediaQuery(PHONE_QUERY, false);
  return (
    // On a phone the buttons go to a second row, so the title and what is saved stay readable.
    <Group component="header" justify="space-between" px="md" py="xs" wrap="wrap" style={{ rowGap: 6, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Group gap="sm" wrap="nowrap" visibleFrom="sm">
          <Brand size="sm" />
          <Divider orientation="vertical" />
        </Group>
        <Stack gap={0} miw={0} style={{ flexShrink: 1 }}>
          {/* The studio's page title (its one h1), as small as the bar. */}
          <Text component="h1" fw={600} fz="md" m={0} truncate="end" maw={360} data-testid="studio-heading">
            {unit !== null ? title.trim() || 'Unidade sem título' : 'Nova unidade'}
          </Text>
          {/* Always in the page, so screen readers hear each change of it. */}
          <Text size="xs" c={saveStatusAlert ? 'red.8' : 'dimmed'} truncate="end" maw={360} role="status" aria-live="polite" title={saveStatus || undefined} data-testid="save-status">
            {saveStatus}
          </Text>
        </Stack>
        {unit && (
          <Badge color={UNIT_STATUS_COLORS[unit.status]} variant="light" style={{ flexShrink: 0 }}>
            {UNIT_STATUS_LABELS[unit.status]}
            {unit.version > 1 ? ` · versão ${unit.version}` : ''}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
        {!wide && (
          <Button variant="default" size={phone ? 'xs' : 'sm'} leftSection={<IconEye size={18} />} onClick={onPreview}>
            Pré-visualizar
          </Button>
        )}
        <Button size={phone ? 'xs' : 'sm'} leftSection={<IconDeviceFloppy size={18} />} onClick={onSave} loading={saving} disabled={locked} title="Salvar (Ctrl+S)" aria-keyshortcuts="Control+S Meta+S">
          SALVAR
        </Button>
        <Button variant="default" size={phone ? 'xs' : 'sm'} leftSection={<IconLogout size={18} />} onClick={onLeave}>
          Sair
        </Button>
      </Group>
    </Group>
  );
}
