import { Anchor, Button, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconRestore, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OwnUnitRow } from '@edu/shared/units';
import { PROVIDER_APPROVAL_MSG } from './provider-approval';

export interface RowActionsProps {
  row: OwnUnitRow;
  trash: boolean;
  busy: boolean;
  /** False for a provider under analysis: the send buttons are disabled and say why. */
  canSend: boolean;
  onMove: (rows: OwnUnitRow[], next: 'send' | 'deleted' | 'analyze') => Promise<void>;
  onRecover: (row: OwnUnitRow) => Promise<void>;
  onNavigate: (to: string) => void;
}

/**
 * A row's send to the staff: refused for a provider under analysis, but not `disabled` then (a disabled button gets no
 * hover), so its tooltip says why.
 */
function SendButton({ label, title, busy, canSend, onSend }: { label: string; title: string; busy: boolean; canSend: boolean; onSend: () => void }) {
  return (
    <Tooltip label={PROVIDER_APPROVAL_MSG.sendBlocked} disabled={canSend}>
      <Button
        size="xs"
        variant="light"
        color="green"
        leftSection={<IconSend size={14} aria-hidden />}
        disabled={busy}
        data-disabled={!canSend || undefined}
        aria-disabled={!canSend || undefined}
        onClick={() => canSend && onSend()}
        aria-label={`${label}: ${title}`}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Spec 2 §2.3: edit for draft, correction, publish and reproved (publish opens the update page). */
export function RowActions({ row, trash, busy, canSend, onMove, onRecover, onNavigate }: RowActionsProps) {
  if (trash) {
    return (
      <Button size="xs" variant="light" leftSection={<IconRestore size={14} aria-hidden />} disabled={busy} onClick={() => void onRecover(row)}>
        Recuperar
      </Button>
    );
  }
  const editable = ['draft', 'correction', 'publish', 'reproved'].includes(row.status);
  const editTo = row.status === 'publish' ? `/dashboard/my-units/update/${row.id}` : `/studio/${row.id}`;
  return (
    // The buttons keep their full labels (no max-width per child): the column takes the width they need.
    <Group gap={6} wrap="nowrap" preventGrowOverflow={false} onClick={(e) => e.stopPropagation()}>
      {editable && (
        <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => onNavigate(editTo)} aria-label={`Editar ${row.title}`}>
          Editar
        </Button>
      )}
      {row.status === 'correction' && (
        <Anchor component={Link} to={`/dashboard/my-units/review/${row.id}`} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconEye size={14} aria-hidden /> Ver Unidade
          </Group>
        </Anchor>
      )}
      {row.status === 'correction' && (
        <SendButton label="Enviar para análise" title={row.title} busy={busy} canSend={canSend} onSend={() => void onMove([row], 'analyze')} />
      )}
      {row.status === 'draft' && (
        <>
          <SendButton label="Enviar para aprovação" title={row.title} busy={busy} canSend={canSend} onSend={() => void onMove([row], 'send')} />
          <Tooltip label="Mover para a lixeira">
            <Button size="xs" variant="subtle" color="red" px={6} disabled={busy} onClick={() => void onMove([row], 'deleted')} aria-label={`Mover para a lixeira: ${row.title}`}>
              <IconTrash size={16} aria-hidden />
            </Button>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
