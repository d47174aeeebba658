import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { centsToReais, PLAN_MSG, planPriceFormSchema, reaisToCents, studentsRange, type PlanRow } from '@edu/shared/plans';
import { ApiError } from '../../../lib/api';
import { zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSavePlanPrice } from '../api';
import { FormActions } from '../../../ui/form-actions';

/**
 * The price editor (spec 3 §2.1, §5 "plan price: price required"): the provider's monthly value on one plan,
 * typed in reais and sent as integer centavos (a new price, or a change of the existing one).
 */
export function PriceFormModal({ plan, provider, onClose }: { plan: PlanRow | null; provider: { id: number; companyName: string }; onClose: () => void }) {
  const form = useForm<{ value: number | string }>({ initialValues: { value: '' }, validate: zodForm(planPriceFormSchema) });

  useEffect(() => {
    if (!plan) return;
    form.setValues({ value: plan.price ? centsToReais(plan.price.value) : '' });
    form.resetDirty();
    form.clearErrors();
    // Only when another plan's price is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan]);

  // A price someone else created meanwhile (409): the hook shows the list as it is now.
  const save = useSavePlanPrice(plan, provider.id, {
    onSuccess: () => {
      toastSuccess(PLAN_MSG.saved);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.value) form.setFieldError('value', err.fields.value);
      else toastError(err instanceof ApiError && err.status < 500 ? err.message : PLAN_MSG.saveFail);
    },
  });

  return (
    <Modal opened={plan !== null} onClose={onClose} title={PLAN_MSG.editPrice} centered>
      {plan && (
        <form noValidate onSubmit={form.onSubmit((v) => save.mutate(reaisToCents(v.value)!))}>
          <Stack gap="sm">
            <div>
              <Text fw={600}>{plan.name}</Text>
              <Text size="sm" c="dimmed">
                {studentsRange(plan.minRent, plan.maxRent)} · {provider.companyName}
              </Text>
            </div>
            <NumberInput
              label="Valor mensal (R$)"
              withAsterisk
              data-autofocus
              prefix="R$ "
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              min={0}
              {...form.getInputProps('value')}
            />
            <FormActions onCancel={onClose} saving={save.isPending} mt="sm" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
