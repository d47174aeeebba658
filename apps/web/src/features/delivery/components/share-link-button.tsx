/**
 * Share a unit or a subject with students (spec 3 §2.14 'Gerar link provisório', §2.15 share-link button):
 * the server signs the link; it is copied to the clipboard and shown in a dialog, in a field to copy again (or by
 * hand when the browser refuses the clipboard), with its validity. 'Gerar link provisório' (7 days) only with the
 * tempLinks grant. Hidden for the assistant (the server refuses it too).
 */
import { ActionIcon, Button, CopyButton, Group, Menu, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconClockHour4, IconLink, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@edu/shared/format';
import { SHARE_LINK_TEMP_DAYS, SHARE_MSG, type ShareKind } from '@edu/shared/share-links';
import { ApiError } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useCreateShareLink } from '../api';
import { mayShare, mayShareTemporary } from '../grants';

/** `itemContentId`: a subject's unit links the version the subject keeps, not the newest published one. */
export function ShareLinkButton({ kind, id, itemContentId }: { kind: ShareKind; id: number; itemContentId?: number }) {
  const user = useSessionUser();
  const [made, setMade] = useState<{ url: string; expiresAt: string | null; copied: boolean; temporary: boolean } | null>(null);
  const share = useCreateShareLink(kind, id, itemContentId, {
    onSuccess: async (link, temporary) => {
      let copied = true;
      try {
        await navigator.clipboard.writeText(link.url);
      } catch {
        copied = false;
      }
      setMade({ url: link.url, expiresAt: link.expiresAt, copied, temporary });
    },
    onError: (err) => toastError(err instanceof ApiError && err.status === 403 ? err.message : SHARE_MSG.createFail),
  });
  if (!mayShare(user)) return null;
  const temporary = mayShareTemporary(user);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Tooltip label={SHARE_MSG.copy}>
            <ActionIcon variant="subtle" size="lg" aria-label={SHARE_MSG.copy} loading={share.isPending}>
              <IconShare size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => share.mutate(false)}>
            {SHARE_MSG.copy}
          </Menu.Item>
          {temporary && (
            <Menu.Item leftSection={<IconClockHour4 size={16} aria-hidden />} onClick={() => share.mutate(true)}>
              {SHARE_MSG.temporary}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={made !== null} onClose={() => setMade(null)} title={SHARE_MSG.linkLabel} centered>
        {made && (
          <Stack>
            <Text size="sm" role="status">
              {made.copied ? (made.temporary ? SHARE_MSG.copiedTemporary(SHARE_LINK_TEMP_DAYS) : SHARE_MSG.copied) : SHARE_MSG.copyFail}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                value={made.url}
                readOnly
                label={SHARE_MSG.linkLabel}
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={made.url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? SHARE_MSG.copiedShort : SHARE_MSG.copyAgain}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              {made.expiresAt ? SHARE_MSG.validUntil(formatDate(made.expiresAt)) : SHARE_MSG.permanent}
            </Text>
            <Button onClick={() => setMade(null)}>Fechar</Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
