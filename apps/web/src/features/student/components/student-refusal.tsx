import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { STUDENT_MSG } from '@edu/shared/student';

/**
 * A link that opens nothing (forged, expired, revoked by a new LMS key, rental ended, institution not active): the
 * server's pt-BR reason (SHARE_MSG) and no content.
 */
export function StudentRefusal({ reason }: { reason: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" mt="lg" data-testid="student-refusal">
      <Stack align="center" ta="center" gap="sm">
        <IconLinkOff size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz="h3">
          {STUDENT_MSG.refusedTitle}
        </Title>
        <Text size="lg" role="alert">
          {reason}
        </Text>
        <Text size="sm" c="dimmed">
          {STUDENT_MSG.refusedHint}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A load that failed for another reason (no connection, server error): the text and a retry. */
export function StudentLoadFail({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert color="red" mt="lg" maw={640} mx="auto">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{STUDENT_MSG.loadFail}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {STUDENT_MSG.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
