/**
 * The rentals control's two modals (spec 3 §2.12, §4): edit subscription (a new plan at the provider's price
 * on it: 'O Plano foi Alterado com sucesso') and manage status (Ativo, Solicitado or Aguardando; no choice
 * does nothing: 'Status alterado com sucesso!').
 */
import { Alert, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMonthly } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import { planLabel } from '@edu/shared/plans';
import { changePlanSplits, RENT_MANAGE_LABELS, RENT_MANAGE_STATUSES, rentStatusLabel, type OpenRentStatus } from '@edu/shared/rent-machine';
import { RENTS_MSG, type RentRow } from '@edu/shared/rents';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { plansSellerQuery, useChangeRentPlan, useSetRentStatus } from '../api';
import { FormActions } from '../../../ui/form-actions';

const refusal = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : MSG.generic);

/** One move of the rent: success is the server's words and closes the modal; a refusal is a toast. */
const moveReactions = (onClose: () => void) => ({
  onSuccess: (res: { message: string }) => {
    toastSuccess(res.message);
    onClose();
  },
  onError: (err: Error) => toastError(refusal(err)),
});

/** Keep the last row on screen while the modal closes. */
function useShown(rent: RentRow | null) {
  const [shown, setShown] = useState(rent);
  if (rent && rent !== shown) setShown(rent);
  return shown;
}

export function EditPlanModal({ sellerId, rent, onClose }: { sellerId: number; rent: RentRow | null; onClose: () => void }) {
  const shown = useShown(rent);
  const [planId, setPlanId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const move = useChangeRentPlan(moveReactions(onClose));
  const plans = useQuery({ ...plansSellerQuery(sellerId, shown?.providerId ?? null), enabled: !!rent });
  useEffect(() => {
    setPlanId(rent ? String(rent.planId) : null);
    setError(undefined);
  }, [rent]);

  function save() {
    if (!rent) return;
    if (!planId) {
      setError(MSG.required);
      toastError(RENTS_MSG.checkFields);
      return;
    }
    move.mutate({ id: rent.id, planId: Number(planId) });
  }

  const options = (plans.data?.plans ?? []).map((p) => ({
    value: String(p.id),
    label: `${planLabel(p)} — ${p.valueCents === null ? 'sem preço' : formatMonthly(p.valueCents)}${p.id === shown?.planId ? ' (atual)' : ''}`,
    disabled: p.valueCents === null || p.id === shown?.planId,
  }));
  return (
    <Modal opened={rent !== null} onClose={onClose} title={`Editar assinatura: ${shown?.companyName ?? ''}`} centered size="lg">
      <Stack>
        <Select label="Plano" data={options} value={planId} onChange={setPlanId} error={error} required disabled={plans.isPending} data-autofocus />
        {shown && (
          <Alert color="blue" variant="light" data-testid="plan-change-note">
            {changePlanSplits(shown.status, shown.everActive) ? RENTS_MSG.planChangeSplits(rentStatusLabel(shown.status)) : RENTS_MSG.planChangeInPlace}
          </Alert>
        )}
        <FormActions onCancel={onClose} onSave={save} saving={move.isPending} disabled={!planId || planId === String(shown?.planId)} mt="sm" />
      </Stack>
    </Modal>
  );
}

export function ManageStatusModal({ rent, onClose }: { rent: RentRow | null; onClose: () => void }) {
  const shown = useShown(rent);
  const [status, setStatus] = useState<string | null>(null);
  const move = useSetRentStatus(moveReactions(onClose));
  useEffect(() => setStatus(null), [rent]);

  function save() {
    // Spec 3 §5: no status chosen does nothing.
    if (!rent || !status) return;
    move.mutate({ id: rent.id, status: status as OpenRentStatus });
  }

  return (
    <Modal opened={rent !== null} onClose={onClose} title="Gerenciar status" centered>
      <Stack>
        <Text size="sm">
          {shown?.companyName}: status atual <strong>{shown ? rentStatusLabel(shown.status) : ''}</strong>
        </Text>
        <Select
          label="Status"
          placeholder="Selecione"
          data={RENT_MANAGE_STATUSES.map((s) => ({ value: s, label: RENT_MANAGE_LABELS[s], disabled: s === shown?.status }))}
          value={status}
          onChange={setStatus}
          data-autofocus
        />
        <FormActions onCancel={onClose} onSave={save} saving={move.isPending} disabled={!status} mt="sm" />
      </Stack>
    </Modal>
  );
}
