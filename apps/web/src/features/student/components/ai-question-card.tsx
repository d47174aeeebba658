import { IconSparkles } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { STUDENT_MSG, STUDENT_QUESTION_MAX } from '@edu/shared/student';
import { Button } from '../../../ui/basic/button';
import { Alert, Loader } from '../../../ui/basic/feedback';
import { TextArea } from '../../../ui/basic/fields';
import { Card } from '../../../ui/basic/surface';
import { useAskQuestion, type QuestionResult, type StudentCredentials } from '../api';
import classes from '../student.module.css';

/**
 * 'Pergunte à IA' (spec 1 §7 "Student"): the configured model answers from the unit's own text only; the client waits
 * up to 120 s; failures (limit reached, model down, time-out, not configured) show the server's pt-BR text.
 */
export function AiQuestionCard({ credentials, unitId }: { credentials: StudentCredentials; unitId: number }) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [result, setResult] = useState<{ question: string; reply: QuestionResult } | null>(null);
  const ask = useAskQuestion(credentials, unitId, {
    onSuccess: (reply, q) => setResult({ question: q, reply }),
  });
  const submit = () => {
    const q = question.trim();
    if (!q || ask.isPending) return;
    setResult(null);
    ask.mutate(q);
  };
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={classes.stackSm}>
          <div className={classes.rowXs}>
            <IconSparkles size={20} aria-hidden />
            <h2 className={`${classes.h2} ${classes.titleH4}`} id={`${id}-title`}>
              {STUDENT_MSG.aiTitle}
            </h2>
          </div>
          <p className={`${classes.text} ${classes.sm} ${classes.dimmed}`}>{STUDENT_MSG.aiText}</p>
          <TextArea
            label={STUDENT_MSG.aiLabel}
            placeholder={STUDENT_MSG.aiPlaceholder}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            maxLength={STUDENT_QUESTION_MAX}
            minRows={2}
            maxRows={6}
            onKeyDown={(e) => {
              // Ctrl/Cmd+Enter asks; Enter alone keeps writing.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
          />
          <div className={`${classes.row} ${classes.end}`}>
            <Button type="submit" disabled={!question.trim() || ask.isPending}>
              {STUDENT_MSG.aiAsk}
            </Button>
          </div>
          <div aria-live="polite">
            {ask.isPending && (
              <div className={classes.rowXs}>
                <Loader size="sm" />
                <p className={`${classes.text} ${classes.sm}`}>{STUDENT_MSG.aiThinking}</p>
              </div>
            )}
            {result?.reply.status === true && (
              <div className={classes.answer} data-testid="ai-answer">
                <p className={`${classes.text} ${classes.sm} ${classes.strong}`} style={{ marginBottom: 4 }}>
                  {STUDENT_MSG.aiAnswer}
                </p>
                <p className={classes.answerText}>{result.reply.answer}</p>
                <p className={`${classes.text} ${classes.xs} ${classes.dimmed}`} style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
                  {STUDENT_MSG.aiRemaining(result.reply.remaining)}
                </p>
              </div>
            )}
            {result?.reply.status === false && (
              <Alert role="alert" color={result.reply.httpStatus === 429 ? 'yellow' : 'red'} data-testid="ai-error">
                {result.reply.message}
              </Alert>
            )}
          </div>
        </div>
      </form>
    </Card>
  );
}
