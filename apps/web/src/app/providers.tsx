import { MantineProvider, createTheme } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  defaultRadius: 'md',
  // Every dialog's close button has a Portuguese name for screen readers. Plain objects, not
  // Modal.extend(): importing Modal here would put it (and ScrollArea) in every page's entry chunk.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
  },
});

// The toasts' container (with its transitions and scroll lock) loads with the first toast: the
// sign-in page does not need it to render. A toast shown before then waits in the store.
// (A local module, not the package: importing the package's index dynamically would keep all of it in the entry.)
const NotificationsHost = lazy(() => import('./notifications-host'));

function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

export function AppProviders() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DeferredNotifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
