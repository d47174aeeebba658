import { Alert, Button, Card, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { STUDENT_MSG, STUDENT_QUESTION_MAX } from '@edu/shared/student';
import { useAskQuestion, type QuestionResult, type StudentCredentials } from '../api';

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
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group gap="xs">
            <IconSparkles size={20} aria-hidden />
            <Title order={2} fz="h4" id={`${id}-title`}>
              {STUDENT_MSG.aiTitle}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {STUDENT_MSG.aiText}
          </Text>
          <Textarea
            label={STUDENT_MSG.aiLabel}
            placeholder={STUDENT_MSG.aiPlaceholder}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            maxLength={STUDENT_QUESTION_MAX}
            autosize
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
          <Group justify="flex-end">
            <Button type="submit" disabled={!question.trim() || ask.isPending}>
              {STUDENT_MSG.aiAsk}
            </Button>
          </Group>
          <div aria-live="polite">
            {ask.isPending && (
              <Group gap="xs">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{STUDENT_MSG.aiThinking}</Text>
              </Group>
            )}
            {result?.reply.status === true && (
              <Paper withBorder radius="md" p="sm" bg="blue.0" data-testid="ai-answer">
                <Text fw={600} size="sm" mb={4}>
                  {STUDENT_MSG.aiAnswer}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{result.reply.answer}</Text>
                <Text size="xs" c="dimmed" mt="xs">
                  {STUDENT_MSG.aiRemaining(result.reply.remaining)}
                </Text>
              </Paper>
            )}
            {result?.reply.status === false && (
              <Alert color={result.reply.httpStatus === 429 ? 'yellow' : 'red'} data-testid="ai-error">
                {result.reply.message}
              </Alert>
            )}
          </div>
        </Stack>
      </form>
    </Card>
  );
}
