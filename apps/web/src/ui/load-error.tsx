import { Alert, Button, Stack, Text } from '@mantine/core';
import { MSG } from '@edu/shared/messages';
import { isDenied } from '../lib/api';
import { AccessDenied } from './access-denied';

/**
 * The one "could not load" state. From the error it was given it decides which: a 403 or 404 (the
 * object is not this user's to see, or does not exist) is the 'Acesso negado' state with no retry;
 * anything else is the spec's text and a retry button. With `showReason`, a 403 shows the server's own words
 * (e.g. why a suspended institution is refused the store) instead of the generic refusal.
 */
export function LoadError({
  error,
  title,
  message = MSG.listLoadFail,
  onRetry,
  retrying,
  showReason,
}: {
  /** The query's error (null when there is none, e.g. an invalid id in the address). */
  error: unknown;
  title?: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
  showReason?: boolean;
}) {
  if (isDenied(error)) return <AccessDenied message={error.status === 404 ? MSG.notFoundOrDenied : showReason ? error.message : MSG.forbidden} />;
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
