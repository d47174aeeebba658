import { Button, Card, Group, Stack, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { FEEDBACK_MSG } from '@edu/shared/feedback';
import { STUDENT_FEEDBACK_MAX, STUDENT_MSG } from '@edu/shared/student';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSendFeedback, type StudentCredentials } from '../api';

/** The free-text feedback (spec 1 §3, §7 "Student": 'Feedback enviado com sucesso!'). */
export function FeedbackCard({ credentials, unitId }: { credentials: StudentCredentials; unitId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const send = useSendFeedback(credentials, unitId, {
    onSuccess: (reply) => {
      toastSuccess(reply.message ?? FEEDBACK_MSG.sent);
      setText('');
    },
    onError: (err) => toastError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : STUDENT_MSG.feedbackFail),
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() && !send.isPending) send.mutate(text.trim());
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4" id={`${id}-title`}>
            {STUDENT_MSG.feedbackTitle}
          </Title>
          <Textarea
            label={STUDENT_MSG.feedbackLabel}
            placeholder={STUDENT_MSG.feedbackPlaceholder}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={STUDENT_FEEDBACK_MAX}
            autosize
            minRows={3}
            maxRows={8}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!text.trim()} loading={send.isPending}>
              {STUDENT_MSG.feedbackSend}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
