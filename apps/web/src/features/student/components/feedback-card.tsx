import { useId, useState } from 'react';
import { FEEDBACK_MSG } from '@edu/shared/feedback';
import { STUDENT_FEEDBACK_MAX, STUDENT_MSG } from '@edu/shared/student';
import { Button } from '../../../ui/basic/button';
import { TextArea } from '../../../ui/basic/fields';
import { OutcomeLine, useOutcome } from '../../../ui/basic/outcome';
import { Card } from '../../../ui/basic/surface';
import { useSendFeedback, type StudentCredentials } from '../api';
import classes from '../student.module.css';
import { failureText } from './vote-card';

/** The free-text feedback (spec 1 §3, §7 "Student": 'Feedback enviado com sucesso!'). */
export function FeedbackCard({ credentials, unitId }: { credentials: StudentCredentials; unitId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const { outcome, succeeded, failed, clear } = useOutcome();
  const send = useSendFeedback(credentials, unitId, {
    onSuccess: (reply) => {
      succeeded(reply.message ?? FEEDBACK_MSG.sent);
      setText('');
    },
    onError: (err) => failed(failureText(err, STUDENT_MSG.feedbackFail)),
  });
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim() || send.isPending) return;
          clear();
          send.mutate(text.trim());
        }}
      >
        <div className={classes.stackSm}>
          <h2 className={`${classes.h2} ${classes.titleH4}`} id={`${id}-title`}>
            {STUDENT_MSG.feedbackTitle}
          </h2>
          <TextArea
            label={STUDENT_MSG.feedbackLabel}
            placeholder={STUDENT_MSG.feedbackPlaceholder}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={STUDENT_FEEDBACK_MAX}
            minRows={3}
            maxRows={8}
          />
          <div className={`${classes.row} ${classes.end}`}>
            <Button type="submit" disabled={!text.trim()} loading={send.isPending}>
              {STUDENT_MSG.feedbackSend}
            </Button>
          </div>
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
    </Card>
  );
}
