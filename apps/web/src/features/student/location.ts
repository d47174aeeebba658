/**
 * The viewer's address without a router: the query string as a value that follows the browser's history (back and
 * forward), and `pushParams` to move to a new one (a subject's `&unit=`) as a history entry of its own.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Told when `pushParams` changes the address (the browser tells back and forward by `popstate`). */
const PUSHED = 'student:pushstate';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(PUSHED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(PUSHED, listener);
  };
}

const currentSearch = () => window.location.search;

/** A new history entry at the same path with these parameters. */
export function pushParams(params: URLSearchParams): void {
  const search = params.toString();
  window.history.pushState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
  window.dispatchEvent(new Event(PUSHED));
}

/** The page's query parameters (read-only: change them with `pushParams`), and `pushParams`. */
export function useSearchParams(): [URLSearchParams, (update: (old: URLSearchParams) => URLSearchParams) => void] {
  const search = useSyncExternalStore(subscribe, currentSearch, () => '');
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const push = useCallback((update: (old: URLSearchParams) => URLSearchParams) => pushParams(update(new URLSearchParams(window.location.search))), []);
  return [params, push];
}
