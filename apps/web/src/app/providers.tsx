import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DeferredNotifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
