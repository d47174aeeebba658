/**
 * The bell of the top bar (spec 1 §2.14): my notifications of the last 5 days, newest first, and —
 * for a seller with an institution — the institution's unread notices. Clicking an entry marks it
 * read; 'Marcar todas como lidas' marks them all (notices that require a read confirmation stay until
 * confirmed). Live: the open event stream makes it refetch without a reload.
 */
import { ActionIcon, Badge, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { LIMITS } from '@edu/shared/limits';
import { MSG } from '@edu/shared/messages';
import type { NotificationEntry, UnreadNotice } from '@edu/shared/notifications';
import { useSessionUser } from '../../../lib/session';
import { LazySafeHtml } from '../../../ui/lazy-safe-html';
import { bellQuery, unreadNoticesQuery, useMarkAllRead, useMarkNoticeRead, useMarkNotificationRead } from '../api';
import { formatWhen } from '../format';
import { useLiveEvents } from '../use-live-events';
import { NoticeReadDialog } from './notice-read-dialog';

/** Enter or Space activates an entry that is not a button (its HTML may hold links). */
const activate = (fn: () => void) => (e: KeyboardEvent) => {
  if (e.target !== e.currentTarget) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    fn();
  }
};

export function NotificationBell() {
  const user = useSessionUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [openNotice, setOpenNotice] = useState<UnreadNotice | null>(null);
  const sellerId = user?.type === 'seller' ? (user.seller?.id ?? null) : null;
  useLiveEvents(!!user);

  const bell = useQuery({ ...bellQuery(), enabled: !!user });
  const notices = useQuery(unreadNoticesQuery(sellerId));

  // Spec 1 §7: read-marking failures are only logged.
  const markOne = useMarkNotificationRead({ onError: (err) => console.error('notification read-marking failed', err) });
  const noticeRead = useMarkNoticeRead();
  const markNotice = async (notice: UnreadNotice) => {
    if (sellerId !== null) await noticeRead.mutateAsync({ id: notice.id, sellerId });
  };
  const markAll = useMarkAllRead({ onError: (err) => console.error('mark-all failed', err) });

  const entries = bell.data?.data ?? [];
  const unreadNotices = notices.data ?? [];
  const count = (bell.data?.unread ?? 0) + unreadNotices.length;
  const loading = bell.isLoading || (sellerId !== null && notices.isLoading);
  const failed = bell.isError || notices.isError;

  const openNoticeEntry = (notice: UnreadNotice) => {
    setOpenNotice(notice);
    close();
    if (!notice.template.requiresReadConfirmation) void markNotice(notice);
  };
  const clickEntry = (entry: NotificationEntry) => {
    if (!entry.read) markOne.mutate(entry.id);
  };

  return (
    <>
      <Popover opened={opened} onChange={(o) => (o ? undefined : close())} width={380} position="bottom-end" shadow="md" withArrow trapFocus={false}>
        <Popover.Target>
          <Tooltip label="Notificações" disabled={opened}>
            <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4} data-testid="bell-badge">
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={toggle}
                aria-label={count > 0 ? `Notificações (${count} não lidas)` : 'Notificações'}
                aria-expanded={opened}
                aria-haspopup="dialog"
              >
                <IconBell size={22} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label="Notificações">
          <Group justify="space-between" px="md" py="sm">
            <Text fw={600}>Notificações</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => markAll.mutate({ sellerId, notices: notices.data ?? [] })}
              loading={markAll.isPending}
              disabled={count === 0}
            >
              Marcar todas como lidas
            </Button>
          </Group>
          <Divider />
          <ScrollArea.Autosize mah={420} type="auto">
            {loading && (
              <Group justify="center" p="lg">
                <Loader size="sm" aria-label="Carregando notificações" />
              </Group>
            )}
            {!loading && failed && (
              <Text c="red" size="sm" p="md" role="alert">
                {MSG.noticesLoadFail}
              </Text>
            )}
            {!loading && !failed && entries.length === 0 && unreadNotices.length === 0 && (
              <Text c="dimmed" size="sm" p="md">
                Nenhuma notificação nos últimos {LIMITS.notificationWindowDays} dias.
              </Text>
            )}
            {!loading && unreadNotices.length > 0 && (
              <Stack gap={0} aria-label="Avisos da instituição" role="list">
                {unreadNotices.map((notice) => (
                  <UnstyledButton
                    key={`n${notice.id}`}
                    role="listitem"
                    px="md"
                    py="sm"
                    onClick={() => openNoticeEntry(notice)}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'var(--mantine-color-blue-0)' }}
                    data-testid="bell-notice"
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={600} lineClamp={2}>
                        {notice.template.title}
                      </Text>
                      <Badge size="xs" variant="light">
                        Aviso
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatWhen(notice.updatedAt)}
                      {notice.template.requiresReadConfirmation ? ' · requer confirmação de leitura' : ''}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
            {!loading && entries.length > 0 && (
              <Stack gap={0} role="list" aria-label="Notificações recentes">
                {entries.map((entry) => (
                  <div
                    key={entry.id}
                    role="listitem"
                    tabIndex={0}
                    aria-label={entry.read ? 'Notificação lida' : 'Notificação não lida: marcar como lida'}
                    onClick={() => clickEntry(entry)}
                    onKeyDown={activate(() => clickEntry(entry))}
                    data-testid="bell-entry"
                    data-read={entry.read}
                    style={{
                      padding: '10px 16px',
                      cursor: entry.read ? 'default' : 'pointer',
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      background: entry.read ? undefined : 'var(--mantine-color-blue-0)',
                    }}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="xs">
                      {!entry.read && <Indicator size={8} color="blue" mt={8} processing={false} aria-hidden />}
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <LazySafeHtml html={entry.text} style={{ fontSize: 'var(--mantine-font-size-sm)' }} />
                        <Text size="xs" c="dimmed">
                          {formatWhen(entry.createdAt)}
                        </Text>
                      </Stack>
                    </Group>
                  </div>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
      <NoticeReadDialog
        notice={openNotice}
        onClose={() => setOpenNotice(null)}
        onConfirm={async (notice) => {
          await markNotice(notice);
          setOpenNotice(null);
        }}
      />
    </>
  );
}
