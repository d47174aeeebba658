/**
 * THE footer of a form in a modal or side panel: 'Cancelar' (closes; disabled while saving) and the save button
 * ('Salvar' unless told). Without `onSave` the save button submits the form it sits in.
 */
import { Button, Group, type MantineSpacing } from '@mantine/core';

export function FormActions({
  onCancel,
  saving,
  onSave,
  label = 'Salvar',
  disabled,
  mt,
}: {
  onCancel: () => void;
  saving: boolean;
  onSave?: () => void;
  label?: string;
  disabled?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={saving} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
