/** A notice opened from the bell: its full content; a notice that requires it asks for a read confirmation. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { UnreadNotice } from '@edu/shared/notifications';
import { LazySafeHtml } from '../../../ui/lazy-safe-html';
import { formatDateTime } from '@edu/shared/format';

export function NoticeReadDialog({
  notice,
  onClose,
  onConfirm,
}: {
  notice: UnreadNotice | null;
  onClose: () => void;
  onConfirm: (notice: UnreadNotice) => Promise<void>;
}) {
  const [saving, setSaving] = useState(false);
  const confirmRequired = !!notice?.template.requiresReadConfirmation;
  return (
    <Modal opened={!!notice} onClose={onClose} title={notice?.template.title} size="lg" centered>
      {notice && (
        <Stack>
          <Text size="xs" c="dimmed">
            {formatDateTime(notice.updatedAt)}
          </Text>
          <LazySafeHtml html={notice.template.htmlContent} data-testid="notice-content" />
          <Group justify="flex-end">
            {confirmRequired ? (
              <>
                <Button variant="default" onClick={onClose}>
                  Ler depois
                </Button>
                <Button
                  loading={saving}
                  onClick={async () => {
                    setSaving(true);
                    try {
                      await onConfirm(notice);
                    } finally {
                      setSaving(false);
                    }
                  }}
                >
                  Confirmar leitura
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>Fechar</Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
