/**
 * 'Relatar Problema' (spec 2 §2.11): the reader picks one of the ten categories and describes the problem;
 * 'Enviar' is enabled only with both. Sent as `itemFeedback` with `student_id: null` — by the signed-in reader's
 * session, or by `send` (the student viewer sends it with the share link).
 */
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { FEEDBACK_MSG, PROBLEM_CATEGORIES, type ProblemCategory } from '@edu/shared/feedback';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useReportProblem, type ProblemReportSender } from '../feedback-api';

export const PROBLEM_REPORT_TEXT = {
  open: 'Relatar Problema',
  category: 'Qual é o problema?',
  description: 'Descrição',
  descriptionPlaceholder: 'Conte com detalhes o que aconteceu e onde (tópico, recurso, atividade).',
  send: 'Enviar',
  cancel: 'Cancelar',
} as const;

const DESCRIPTION_MAX = 5000;

export type { ProblemReportSender };

/** The 'Relatar Problema' button and its dialog, for a unit version. */
export function ProblemReportButton({ unit, send }: { unit: { id: number; title: string }; send?: ProblemReportSender }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" color="red" size="sm" leftSection={<IconAlertTriangle size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {PROBLEM_REPORT_TEXT.open}
      </Button>
      <ProblemReportDialog unit={unit} opened={opened} onClose={() => setOpened(false)} send={send} />
    </>
  );
}

export function ProblemReportDialog({
  unit,
  opened,
  onClose,
  send: sender,
}: {
  unit: { id: number; title: string };
  opened: boolean;
  onClose: () => void;
  send?: ProblemReportSender;
}) {
  const user = useSessionUser();
  const [category, setCategory] = useState<ProblemCategory | null>(null);
  const [description, setDescription] = useState('');
  const ready = category !== null && description.trim() !== '';

  const close = () => {
    setCategory(null);
    setDescription('');
    onClose();
  };

  const send = useReportProblem(sender, {
    onSuccess: () => {
      toastSuccess(FEEDBACK_MSG.reported);
      close();
    },
    onError: () => toastError(FEEDBACK_MSG.reportFail, FEEDBACK_MSG.reportFailTitle),
  });

  return (
    <Modal opened={opened} onClose={close} title={PROBLEM_REPORT_TEXT.open} size="lg" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !send.isPending) {
            send.mutate({ unit, reporterName: user?.name || null, error_type: category!, error_description: description.trim() });
          }
        }}
      >
        <Stack>
          <Radio.Group label={PROBLEM_REPORT_TEXT.category} value={category} onChange={(v) => setCategory(v as ProblemCategory)} withAsterisk>
            <Stack gap={8} mt="xs">
              {PROBLEM_CATEGORIES.map((c) => (
                <Radio key={c} value={c} label={c} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={PROBLEM_REPORT_TEXT.description}
            placeholder={PROBLEM_REPORT_TEXT.descriptionPlaceholder}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={DESCRIPTION_MAX}
            autosize
            minRows={3}
            maxRows={8}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {PROBLEM_REPORT_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={!ready} loading={send.isPending}>
              {PROBLEM_REPORT_TEXT.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
