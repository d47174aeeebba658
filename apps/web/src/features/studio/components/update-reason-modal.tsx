/**
 * Saving a published unit (spec 2 §2.8, §4.2): first the author says what is being updated (required);
 * the update becomes a new version that goes through all analysis steps again, with a return time of up
 * to 48 hours, while the published version stays available.
 */
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { UNIT_MSG } from '@edu/shared/content/unit-content';
import { STUDIO_MSG } from '../messages';
import { LIMITS } from '@edu/shared/limits';

export interface UpdateReasonModalProps {
  opened: boolean;
  saving: boolean;
  onCancel(): void;
  onConfirm(message: string): void;
}

export function UpdateReasonModal({ opened, saving, onCancel, onConfirm }: UpdateReasonModalProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  const submit = () => {
    const message = text.trim();
    if (!message) {
      setError(UNIT_MSG.updateMessageRequired);
      return;
    }
    onConfirm(message);
  };

  return (
    <Modal opened={opened} onClose={saving ? () => undefined : onCancel} title={STUDIO_MSG.updateTitle} centered size="lg">
      <Stack>
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {STUDIO_MSG.updateNote}
        </Alert>
        <Textarea
          label="Descrição da atualização"
          placeholder="Descreva o que está sendo atualizado"
          required
          autosize
          minRows={3}
          maxLength={LIMITS.updateMessageMax}
          data-autofocus
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={saving}>
            Enviar atualização
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
