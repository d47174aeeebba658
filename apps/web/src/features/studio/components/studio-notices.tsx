/**
 * What the studio says above the steps: the provider under analysis, a unit the server will not let be edited
 * (with the reviewers or in the trash), a stale unit (a save from an old tab, with 'Recarregar unidade'), and that
 * saving a published unit makes a new version.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { UNIT_STATUS_LABELS, type UnitContent } from '@edu/shared/units';
import { ProviderApprovalNotice } from '../../units';
import { STUDIO_MSG } from '../messages';

export interface StudioNoticesProps {
  unit: UnitContent | null;
  locked: boolean;
  /** The server's message for a save from a stale tab; null when none. */
  stale: string | null;
  reloading: boolean;
  onReload(): void;
}

export function StudioNotices({ unit, locked, stale, reloading, onReload }: StudioNoticesProps) {
  return (
    <>
      <ProviderApprovalNotice />
      {locked && unit && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {STUDIO_MSG.locked(UNIT_STATUS_LABELS[unit.status])}
        </Alert>
      )}
      {stale && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Unidade desatualizada" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{stale}</Text>
            <Text size="sm">{STUDIO_MSG.reloadConfirm}</Text>
            <Button size="compact-sm" color="red" variant="light" leftSection={<IconRefresh size={16} />} onClick={onReload} loading={reloading}>
              Recarregar unidade
            </Button>
          </Stack>
        </Alert>
      )}
      {unit?.status === 'publish' && (
        <Alert color="blue" variant="light">
          Esta unidade está publicada. Ao salvar, as alterações formam uma nova versão que passa novamente pela análise; a versão
          publicada continua disponível.
        </Alert>
      )}
    </>
  );
}
