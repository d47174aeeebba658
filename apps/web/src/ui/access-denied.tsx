import { Alert, Stack, Title } from '@mantine/core';
import type { UserType } from '@edu/shared/access';
import { MSG } from '@edu/shared/messages';

/** Does the user's type belong to the types a page is for? (The server refuses the calls anyway.) */
export const typeAllowed = (type: UserType, types: readonly UserType[]) => types.includes(type);

/**
 * The one "not for you" state: a page opened by address by a user type it is not meant for, or an
 * object the server refuses (403) or hides (404) — see LoadError.
 */
export function AccessDenied({ title, message = MSG.forbidden }: { title?: string; message?: string }) {
  return (
    <Stack>
      {title && <Title order={1} size="h2">{title}</Title>}
      <Alert color="red" title="Acesso negado" role="alert">
        {message}
      </Alert>
    </Stack>
  );
}
