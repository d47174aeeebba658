/**
 * 'Marcar como paga': the day the money arrived (today by default, never after it) and the bank's reference (E2E id,
 * statement line), checked by the contract's schema before sending and again by the server.
 */
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { CHARGES_MSG, CHARGE_REFERENCE_MAX, payChargeBody, type ChargeRow } from '@edu/shared/charges';
import { formatCents, formatMonthYear, spToday } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { FormActions } from '../../../ui/form-actions';
import { usePayCharge } from '../staff-api';

interface Values {
  paidOn: string;
  reference: string;
}

export function PayChargeModal({ charge, onClose }: { charge: ChargeRow | null; onClose: () => void }) {
  const [shown, setShown] = useState(charge);
  if (charge && charge !== shown) setShown(charge);
  const today = spToday();
  const form = useForm<Values>({
    initialValues: { paidOn: today, reference: '' },
    validate: (values) => {
      const errors = zodForm(payChargeBody)(values);
      if (!errors.paidOn && values.paidOn > today) errors.paidOn = CHARGES_MSG.paidOnFuture;
      return errors;
    },
  });
  useEffect(() => {
    if (!charge) return;
    form.setValues({ paidOn: spToday(), reference: '' });
    form.clearErrors();
    // Only when another charge is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [charge]);

  const pay = usePayCharge({
    onSuccess: (res) => {
      toastSuccess(res.message);
      onClose();
    },
    onError: (err) => {
      if (applyServerErrors(form, err)) return;
      toastError(err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : MSG.generic);
    },
  });

  return (
    <Modal opened={charge !== null} onClose={onClose} title="Marcar como paga" centered>
      {shown && (
        <form noValidate onSubmit={form.onSubmit((v) => {
          if (charge) pay.mutate({ id: charge.id, body: v });
        })}>
          <Stack gap="sm">
            <Text size="sm">
              {shown.sellerName} · {formatMonthYear(shown.period)} · <strong>{formatCents(shown.amountCents)}</strong>
            </Text>
            <TextInput type="date" label="Data do pagamento" withAsterisk max={today} data-autofocus {...form.getInputProps('paidOn')} />
            <TextInput
              label="Referência"
              description="O identificador do pagamento no banco (E2E do Pix, linha do extrato)."
              withAsterisk
              maxLength={CHARGE_REFERENCE_MAX}
              {...form.getInputProps('reference')}
            />
            <FormActions onCancel={onClose} saving={pay.isPending} label="Confirmar pagamento" mt="sm" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
