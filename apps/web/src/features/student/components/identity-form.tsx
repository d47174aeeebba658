import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { STUDENT_ID_MAX } from '@edu/shared/share-links';
import { STUDENT_MSG, studentIdSchema } from '@edu/shared/student';

/**
 * Asked once when the link names no student: 'Matrícula ou e-mail' (kept in the browser by the page, which exchanges
 * it for the link's student token). `refusal`: why the server did not take the last one.
 */
export function IdentityForm({ onSubmit, busy = false, refusal = null }: { onSubmit: (id: string) => void; busy?: boolean; refusal?: Error | null }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(refusal?.message ?? null);
  const [shownRefusal, setShownRefusal] = useState(refusal);
  // Each new refusal of the server is shown until the student edits the field.
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal) setError(refusal.message);
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={520} mx="auto" mt="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = studentIdSchema.safeParse(value);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? STUDENT_MSG.identityInvalid);
            return;
          }
          onSubmit(parsed.data);
        }}
      >
        <Stack>
          <Title order={1} fz="h3">
            {STUDENT_MSG.identityTitle}
          </Title>
          <Text size="sm">{STUDENT_MSG.identityText}</Text>
          <TextInput
            label={STUDENT_MSG.identityLabel}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={STUDENT_ID_MAX}
            autoComplete="username"
            autoFocus
            required
          />
          <Button type="submit" loading={busy}>
            {STUDENT_MSG.identityContinue}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
