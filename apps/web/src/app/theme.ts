/**
 * The app's Mantine theme and the CSS variables it overrides (light scheme only: the app has no dark scheme), for
 * WCAG 2.2 AA contrast (docs/decisions.md, 'Accessibility', lists each ratio; theme.test.ts checks them).
 */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled controls, outlines, links and `c="blue"` text use shade 8 of each colour, not 6. White on blue-8 (#1971c2)
  // is 5.0:1; on blue-6 (#228be6) it was 3.6:1.
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
 * The colours whose shade 8 (filled, outline, text) is still under 4.5:1 with white: the same hue, darker, computed to
 * reach 4.6:1. `hover` is the filled hover, about 20% darker again.
 */
export const DARKER: Record<string, { filled: string; hover: string }> = {
  red: { filled: '#df2d2d', hover: '#cc1f1f' },
  cyan: { filled: '#0b7f92', hover: '#0a7181' },
  teal: { filled: '#08845e', hover: '#077352' },
  green: { filled: '#28863a', hover: '#237633' },
  lime: { filled: '#4e800b', hover: '#45720a' },
  yellow: { filled: '#ab6400', hover: '#975800' },
  orange: { filled: '#c84d0a', hover: '#b24509' },
};

/**
 * The light variant (and the subtle variant's hover, NavLink's active item): text `color` on a tint of shade 1 at rest,
 * `hover` on pointer hover. Mantine's hover tint is shade 2, on which its shade-9 text falls to 3.9–4.4:1; here the
 * hover tint is halfway between shades 1 and 2 (still a visible change) and the text the least darkening of its hue
 * that keeps 4.6:1 on it. Colours not listed keep Mantine's (grape, pink and grey reach 4.6:1 on shade 2 already).
 */
export const LIGHT: Record<string, { color?: string; hover: string }> = {
  blue: { color: '#1862a8', hover: '#bbe2ff' },
  red: { color: '#bb2727', hover: '#ffd6d6' },
  green: { color: '#257736', hover: '#c3f6ca' },
  teal: { color: '#087555', hover: '#adf6e0' },
  orange: { color: '#b43c0d', hover: '#ffe0ba' },
  yellow: { color: '#a75600', hover: '#fff0ac' },
  lime: { color: '#4a770b', hover: '#e1f8b5' },
  cyan: { color: '#0b6f81', hover: '#aff0f6' },
  violet: { hover: '#dbcdff' },
  indigo: { hover: '#cbd6ff' },
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Secondary text (`c="dimmed"`) and placeholders: 5.6:1 on white, at least 4.5:1 on the light greys and blues it
    // sits on (Mantine's grey 6, #868e96, is 3.3:1; the placeholders' grey 5, #adb5bd, 2.1:1).
    '--mantine-color-dimmed': '#62696f',
    '--mantine-color-placeholder': '#62696f',
    // Fields' error messages and red borders: Mantine's is red 6 (#fa5252, 3.3:1 on white); the darker red, 4.6:1.
    '--mantine-color-error': DARKER.red!.filled,
    ...Object.fromEntries(
      Object.entries(DARKER).flatMap(([name, c]) => [
        [`--mantine-color-${name}-filled`, c.filled],
        [`--mantine-color-${name}-filled-hover`, c.hover],
        // Outline text sits on a 5% tint of the colour on hover: the light variant's (darker) text keeps 4.5:1 there.
        [`--mantine-color-${name}-outline`, LIGHT[name]?.color ?? c.filled],
        [`--mantine-color-${name}-text`, c.filled],
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(LIGHT).flatMap(([name, c]) => [
        ...(c.color ? [[`--mantine-color-${name}-light-color`, c.color]] : []),
        [`--mantine-color-${name}-light-hover`, c.hover],
      ]),
    ),
  },
  dark: {},
});
