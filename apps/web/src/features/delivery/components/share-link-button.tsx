/**
 * Share a unit or a subject with students (spec 3 §2.14 'Gerar link provisório', §2.15 share-link button):
 * the server signs the link; it is copied to the clipboard with a toast (or shown to copy by hand when the
 * browser refuses the clipboard). 'Gerar link provisório' (7 days) only with the tempLinks grant. Hidden for the
 * assistant (the server refuses it too).
 */
import { ActionIcon, Button, Menu, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconClockHour4, IconLink, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { SHARE_LINK_TEMP_DAYS, SHARE_MSG, type ShareKind } from '@edu/shared/share-links';
import { ApiError } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateShareLink } from '../api';
import { mayShare, mayShareTemporary } from '../grants';

/** `itemContentId`: a subject's unit links the version the subject keeps, not the newest published one. */
export function ShareLinkButton({ kind, id, itemContentId }: { kind: ShareKind; id: number; itemContentId?: number }) {
  const user = useSessionUser();
  const [manual, setManual] = useState<string | null>(null);
  const share = useCreateShareLink(kind, id, itemContentId, {
    onSuccess: async (link, temporary) => {
      try {
        await navigator.clipboard.writeText(link.url);
      } catch {
        setManual(link.url);
        return;
      }
      toastSuccess(temporary ? SHARE_MSG.copiedTemporary(SHARE_LINK_TEMP_DAYS) : SHARE_MSG.copied);
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
      <Modal opened={manual !== null} onClose={() => setManual(null)} title={SHARE_MSG.copy} centered>
        <Stack>
          <Text size="sm">{SHARE_MSG.copyFail}</Text>
          <TextInput value={manual ?? ''} readOnly onFocus={(e) => e.currentTarget.select()} aria-label={SHARE_MSG.copy} />
          <Button onClick={() => setManual(null)}>Fechar</Button>
        </Stack>
      </Modal>
    </>
  );
}
