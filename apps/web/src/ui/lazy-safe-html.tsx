/**
 * `SafeHtml` loaded on first use: for what the signed-in shell shows only on demand (the bell's list, a notice), so
 * DOMPurify is not among the files every signed-in page loads before it renders. Renders nothing while it loads.
 */
import { lazy, Suspense } from 'react';
import type { SafeHtmlProps } from './safe-html';

const SafeHtml = lazy(() => import('./safe-html').then((m) => ({ default: m.SafeHtml })));

export function LazySafeHtml(props: SafeHtmlProps) {
  return (
    <Suspense fallback={null}>
      <SafeHtml {...props} />
    </Suspense>
  );
}
