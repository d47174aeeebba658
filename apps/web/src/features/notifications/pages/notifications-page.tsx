/** /dashboard/notifications (spec 1 §2.14): notices to institutions and their templates. Admin and director only. */
import { Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { NOTICE_MANAGER_TYPES } from '@edu/shared/notifications';
import type { UserType } from '@edu/shared/access';
import { useSessionUser } from '../../../lib/session';
import { NoticesTab } from '../components/notices-tab';
import { TemplatesTab } from '../components/templates-tab';

export default function NotificationsPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  if (!(NOTICE_MANAGER_TYPES as readonly UserType[]).includes(user.type)) return <Navigate to="/dashboard" replace />;
  const tab = params.get('tab') === 'templates' ? 'templates' : 'notices';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Notificações</Title>
      <Tabs value={tab} onChange={(v) => setParams(v === 'templates' ? { tab: 'templates' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="notices">Notificações</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notices" pt="md">
          <NoticesTab />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
