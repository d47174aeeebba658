import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router';

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG 2.2 AA (docs/decisions.md, 'Theme contrast'): filled controls, outlines, links and `c="blue"` text use shade 8
  // of each colour, not 6. White on blue-8 (#1971c2) is 5.0:1; on blue-6 (#228be6) it was 3.6:1.
  primaryShade: 8,
  fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  defaultRadius: 'md',
  // Every close and clear button Mantine draws has a Portuguese name for screen readers (its default is English or
  // none). Plain objects, not Modal.extend(): importing Modal here would put it (and ScrollArea) in every page's entry chunk.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Fechar aviso' } },
    // Any other close button; the clear buttons of Select, MultiSelect, TagsInput, the date fields (InputClearButton)
    // and FileInput (its own CloseButton).
    CloseButton: { defaultProps: { 'aria-label': 'Fechar' } },
    InputClearButton: { defaultProps: { 'aria-label': 'Limpar campo' } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Limpar campo' } } },
  },
});

/**
 * The colours whose shade 8 (filled, outline, text) or shade 9 (the light variant's text on shade 1) is still under
 * 4.5:1: the same hue, darker, computed to reach 4.6:1 (docs/decisions.md lists each ratio). Light scheme only (the
 * app has no dark scheme). The borders of form fields are in global.css.
 */
const DARKER: Record<string, { filled: string; hover: string; lightColor: string }> = {
  red: { filled: '#df2d2d', hover: '#cc1f1f', lightColor: '#c52929' },
  cyan: { filled: '#0b7f92', hover: '#0a7181', lightColor: '#0b7285' },
  teal: { filled: '#08845e', hover: '#077352', lightColor: '#087a58' },
  green: { filled: '#28863a', hover: '#237633', lightColor: '#267a37' },
  lime: { filled: '#4e800b', hover: '#45720a', lightColor: '#4c7a0b' },
  yellow: { filled: '#ab6400', hover: '#975800', lightColor: '#a95700' },
  orange: { filled: '#c84d0a', hover: '#b24509', lightColor: '#ba3e0d' },
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Secondary text (`c="dimmed"`) and placeholders: 5.6:1 on white, at least 4.5:1 on the light greys and blues it
    // sits on (Mantine's grey 6, #868e96, is 3.3:1; the placeholders' grey 5, #adb5bd, 2.1:1).
    '--mantine-color-dimmed': '#62696f',
    '--mantine-color-placeholder': '#62696f',
    ...Object.fromEntries(
      Object.entries(DARKER).flatMap(([name, c]) => [
        [`--mantine-color-${name}-filled`, c.filled],
        [`--mantine-color-${name}-filled-hover`, c.hover],
        [`--mantine-color-${name}-outline`, c.filled],
        [`--mantine-color-${name}-text`, c.filled],
        [`--mantine-color-${name}-light-color`, c.lightColor],
      ]),
    ),
  },
  dark: {},
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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DeferredNotifications />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
