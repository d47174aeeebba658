/**
 * The share button (share-link-button.tsx: its menu and the dialog with the link) for a page that shows it beside
 * content it loads first: `preloadShareLinkButton` starts fetching the button while the page's data loads, so it is
 * there when the content is; until then an empty square of the button's size holds its place.
 */
import { Box } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

export const preloadShareLinkButton = () => import('./share-link-button');
const ShareLinkButton = lazy(() => preloadShareLinkButton().then((m) => ({ default: m.ShareLinkButton })));

export function LazyShareLinkButton(props: ComponentProps<typeof ShareLinkButton>) {
  return (
    <Suspense fallback={<Box w={34} h={34} aria-hidden />}>
      <ShareLinkButton {...props} />
    </Suspense>
  );
}
