import { MSG } from '@edu/shared/messages';
import { UNIT_MSG } from '@edu/shared/content/unit-content';
import { UNIT_STATUS_LABELS, type OwnUnitRow } from '@edu/shared/units';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { useRecoverUnit, useSetUnitsStatus, type UnitsStatusChange } from '../api';
import { MY_UNITS_MSG } from './my-units-messages';

/**
 * The actions of Minhas Unidades: send, trash (after confirmation; a send of an incomplete unit is refused here) and
 * recover, with their toasts. `onStatusChanged` runs after a status change succeeded (the page clears its selection).
 */
export function useMyUnitsActions({ onStatusChanged }: { onStatusChanged: () => void }) {
  const status = useSetUnitsStatus({
    onSuccess: (_res, { next }) => {
      toastSuccess(MY_UNITS_MSG.statusChanged(UNIT_STATUS_LABELS[next]));
      onStatusChanged();
    },
    onError: (err) =>
      toastError(
        err instanceof ApiError && err.code === 'PROVIDER_NOT_APPROVED'
          ? err.message
          : err instanceof Error && err.message === UNIT_MSG.incomplete
            ? UNIT_MSG.incomplete
            : MY_UNITS_MSG.actionFail,
      ),
  });
  const recover = useRecoverUnit({
    onSuccess: () => toastSuccess(MY_UNITS_MSG.recovered),
    onError: () => toastError(MY_UNITS_MSG.actionFail),
  });

  async function move(rows: OwnUnitRow[], next: UnitsStatusChange['next']) {
    if (rows.length === 0) return;
    if (next === 'send' && rows.some((r) => !r.complete)) {
      toastError(UNIT_MSG.incomplete);
      return;
    }
    const ok = await confirm({
      title: MY_UNITS_MSG.confirmStatus(UNIT_STATUS_LABELS[next]),
      message: MSG.canBeUndone,
      confirmLabel: next === 'deleted' ? 'Mover para a lixeira' : 'Enviar',
      danger: next === 'deleted',
    });
    if (ok) status.mutate({ ids: rows.map((r) => r.id), next });
  }

  async function restore(row: OwnUnitRow) {
    const ok = await confirm({ title: MY_UNITS_MSG.confirmRecover, message: MSG.canBeUndone, confirmLabel: 'Recuperar' });
    if (ok) recover.mutate(row.id);
  }

  return { move, restore, moving: status.isPending, busy: status.isPending || recover.isPending };
}
