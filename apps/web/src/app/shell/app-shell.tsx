import { AppShell, Burger, Group, ScrollArea, NavLink, Text, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { menuFor } from '@edu/shared/access';
import { meQuery } from '../../features/auth';
import { WithQuery } from '../../lib/query';
import { session, useSessionUser } from '../../lib/session';
import { TopBar } from './top-bar';
import { Brand } from '../../ui/brand';
import { closedForSeller, SellerStatusNotice, TermsDialogs } from '../../features/institutions';
import { PageLoader } from '../../ui/page-loader';

// Only a first sign-in with a provisional password shows it (its form, @mantine/form and the password fields): loaded then.
const ChangePasswordPage = lazy(() => import('../../features/auth/pages/change-password-page'));

/** The signed-in shell (spec 1 §2.9): side menu filtered by user type, top bar, content. */
export function AppShellLayout() {
  return (
    <WithQuery>
      <SignedInShell />
    </WithQuery>
  );
}

function SignedInShell() {
  const user = useSessionUser();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  // Refresh the stored user from the server on entry: a revoked session answers 401 and the client
  // returns to the login; a changed profile (type, status, avatar) shows at once.
  const me = useQuery(meQuery());
  useEffect(() => {
    if (me.data) session.setUser(me.data);
  }, [me.data]);
  if (!user) return null;
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ChangePasswordPage />
      </Suspense>
    );
  }
  // An institution that is not active loses the store and the catalogue (the notice below says why).
  const menu = menuFor(user.type).filter((e) => !closedForSeller(user, e.key));
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="lg">
      {/* The first stop of the Tab key: past the header and the menu, to the page itself (WCAG 2.4.1). */}
      <a
        href="#conteudo"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('conteudo')?.focus();
        }}
      >
        Pular para o conteúdo
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Abrir menu" />
            <Brand size="sm" nameFrom="xs" />
          </Group>
          <TopBar user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menu principal">
        <AppShell.Section grow component={ScrollArea}>
          <nav>
            {menu.map((entry) => (
              <NavLink
                key={entry.key}
                component={RouterLink}
                to={entry.path}
                label={entry.label}
                active={entry.path === '/dashboard' ? location.pathname === '/dashboard' : location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`)}
                onClick={close}
                data-menu-key={entry.key}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          <Box px="sm" py="xs">
            <Text size="xs" c="dimmed">Compartilhar conhecimento inspira sonhos.</Text>
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" id="conteudo" tabIndex={-1} style={{ outline: 'none' }}>
        <SellerStatusNotice />
        <Outlet />
        <TermsDialogs />
      </AppShell.Main>
    </AppShell>
  );
}
