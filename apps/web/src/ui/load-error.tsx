import { Alert, Button, Stack, Text } from '@mantine/core';
import { MSG } from '@edu/shared/messages';

/** The one "could not load" state: the spec's text and a retry button. */
export function LoadError({ title, message = MSG.listLoadFail, onRetry, retrying }: { title?: string; message?: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry} loading={retrying}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
