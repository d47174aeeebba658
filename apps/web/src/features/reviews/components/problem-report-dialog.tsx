/**
 * 'Relatar Problema' (spec 2 §2.11): the reader picks one of the ten categories and describes the problem;
 * 'Enviar' is enabled only with both. Sent as `itemFeedback` with `student_id: null` — by the signed-in reader's
 * session, or by `send` (the student viewer sends it with the share link). Plain elements (ui/basic), no Mantine: the
 * student viewer loads it. The outcome is told by `notify` when given (the app's toasts); otherwise in place — the
 * success in a polite status line under the button, a failure as an alert inside the dialog.
 */
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { FEEDBACK_MSG, PROBLEM_CATEGORIES, type ProblemCategory } from '@edu/shared/feedback';
import { useSessionUser } from '../../../lib/session';
import { Alert } from '../../../ui/basic/feedback';
import { Button } from '../../../ui/basic/button';
import { Dialog } from '../../../ui/basic/dialog';
import { TextArea } from '../../../ui/basic/fields';
import { RadioGroup } from '../../../ui/basic/radio-group';
import basic from '../../../ui/basic/basic.module.css';
import { sendProblemReport, type ProblemReportSender } from '../report-api';

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

/** How the outcome is told when not in place (the app: its toasts). */
export interface ProblemReportNotify {
  reported(): void;
  failed(): void;
}

/** The 'Relatar Problema' button and its dialog, for a unit version. */
export function ProblemReportButton({ unit, send, notify }: { unit: { id: number; title: string }; send?: ProblemReportSender; notify?: ProblemReportNotify }) {
  const [opened, setOpened] = useState(false);
  const [reported, setReported] = useState(false);
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconAlertTriangle size={16} aria-hidden />}
        onClick={() => {
          setReported(false);
          setOpened(true);
        }}
      >
        {PROBLEM_REPORT_TEXT.open}
      </Button>
      {!notify && (
        <p role="status" className={`${basic.text} ${basic.small}`} data-testid="problem-reported">
          {reported ? FEEDBACK_MSG.reported : ''}
        </p>
      )}
      <ProblemReportDialog
        unit={unit}
        opened={opened}
        onClose={() => setOpened(false)}
        send={send}
        notify={notify ?? { reported: () => setReported(true), failed: () => undefined }}
        failInPlace={!notify}
      />
    </>
  );
}

export function ProblemReportDialog({
  unit,
  opened,
  onClose,
  send: sender,
  notify,
  failInPlace = false,
}: {
  unit: { id: number; title: string };
  opened: boolean;
  onClose: () => void;
  send?: ProblemReportSender;
  notify: ProblemReportNotify;
  /** A failure is shown inside the dialog (role alert) besides being told. */
  failInPlace?: boolean;
}) {
  const user = useSessionUser();
  const [category, setCategory] = useState<ProblemCategory | null>(null);
  const [description, setDescription] = useState('');
  const [failed, setFailed] = useState(false);
  const ready = category !== null && description.trim() !== '';

  const close = () => {
    setCategory(null);
    setDescription('');
    setFailed(false);
    onClose();
  };

  const [pending, setPending] = useState(false);
  const submit = async () => {
    setFailed(false);
    setPending(true);
    try {
      await sendProblemReport(sender, { unit, reporterName: user?.name || null, error_type: category!, error_description: description.trim() });
      setPending(false);
      notify.reported();
      close();
    } catch {
      setPending(false);
      setFailed(true);
      notify.failed();
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title={PROBLEM_REPORT_TEXT.open}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !pending) void submit();
        }}
      >
        <div className={basic.stack}>
          <RadioGroup<ProblemCategory> label={PROBLEM_REPORT_TEXT.category} options={PROBLEM_CATEGORIES} value={category} onChange={setCategory} withAsterisk />
          <TextArea
            label={PROBLEM_REPORT_TEXT.description}
            placeholder={PROBLEM_REPORT_TEXT.descriptionPlaceholder}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={DESCRIPTION_MAX}
            minRows={3}
            maxRows={8}
            withAsterisk
          />
          <div className={`${basic.row} ${basic.end}`}>
            <Button variant="default" onClick={close}>
              {PROBLEM_REPORT_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={!ready} loading={pending}>
              {PROBLEM_REPORT_TEXT.send}
            </Button>
          </div>
        </div>
        {/* After the stack: empty, it takes no room. */}
        <div role="alert">
          {failInPlace && failed && (
            <Alert style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <strong>{FEEDBACK_MSG.reportFailTitle}</strong> {FEEDBACK_MSG.reportFail}
            </Alert>
          )}
        </div>
      </form>
    </Dialog>
  );
}
