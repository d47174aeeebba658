import { Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { PLAN_MSG, planFormSchema, type Plan, type PlanFormValues } from '@edu/shared/plans';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSavePlan } from '../api';
import { FormActions } from '../../../ui/form-actions';

const EMPTY: PlanFormValues = { name: '', description: '', minRent: '', maxRent: '' };

/**
 * The plan editor (spec 3 §2.1, §5 "Plan"): name and description required, the student range from zero with
 * minimum ≤ maximum. `plan` null: 'Novo Plano'.
 */
export function PlanFormModal({ opened, plan, onClose }: { opened: boolean; plan: Plan | null; onClose: () => void }) {
  const form = useForm<PlanFormValues>({ initialValues: EMPTY, validate: zodForm(planFormSchema) });

  useEffect(() => {
    if (!opened) return;
    form.setValues(plan ? { name: plan.name, description: plan.description, minRent: plan.minRent, maxRent: plan.maxRent } : EMPTY);
    form.resetDirty();
    form.clearErrors();
    // Only when the modal opens or the plan changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, plan]);

  const save = useSavePlan(plan ? plan.id : null, {
    onSuccess: () => {
      toastSuccess(plan ? PLAN_MSG.saved : PLAN_MSG.created);
      onClose();
    },
    onError: (err) => {
      if (applyServerErrors(form, err)) return;
      toastError(err instanceof ApiError && err.status < 500 ? err.message : PLAN_MSG.saveFail);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={plan ? PLAN_MSG.editPlan : PLAN_MSG.newPlan} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({ name: v.name.trim(), description: v.description.trim(), minRent: Number(v.minRent), maxRent: Number(v.maxRent) }),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Nome" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Descrição" withAsterisk autosize minRows={3} {...form.getInputProps('description')} />
          <Group grow align="flex-start">
            <NumberInput label="Mínimo de alunos" withAsterisk min={0} allowDecimal={false} thousandSeparator="." decimalSeparator="," {...form.getInputProps('minRent')} />
            <NumberInput label="Máximo de alunos" withAsterisk min={0} allowDecimal={false} thousandSeparator="." decimalSeparator="," {...form.getInputProps('maxRent')} />
          </Group>
          <FormActions onCancel={onClose} saving={save.isPending} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
