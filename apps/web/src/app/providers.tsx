import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
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

export function AppProviders() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
