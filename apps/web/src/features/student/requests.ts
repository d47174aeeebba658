/**
 * The viewer's reads and writes as React state, without a query library (the viewer's budget, docs/performance.md):
 * `useLoad` fetches when its key is shown (again each time it is shown anew: a unit opened is an access the server
 * records), retries what a retry may change (no answer, a 5xx: twice, after 1 s and 2 s) and keeps the last answer or
 * failure while it fetches again; `useSend` runs one write at a time and tells its outcome. The calls themselves are
 * the feature's api.ts (the one API client).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';

/** What a screen does when a write answers. */
export interface Reactions<R, V> {
  onSuccess?(reply: R, variables: V): void;
  onError?(error: Error, variables: V): void;
}

/** Is it worth trying again? Only when the server was not reached or failed (a refusal stays a refusal). */
export const retriable = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

const RETRY_DELAYS_MS = [1000, 2000];

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export interface Loaded<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isFetching: boolean;
  refetch(): void;
  /** Replaces the answer shown (a write's result: the vote kept). */
  setData(update: (old: T) => T): void;
}

type LoadState<T> = { key: string; data: T | undefined; error: Error | null; fetching: boolean };

export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, { enabled = true }: { enabled?: boolean } = {}): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ key, data: undefined, error: null, fetching: enabled });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // Another key starts empty; the same key keeps what it showed while it fetches again.
    setState((s) => (s.key === key ? { ...s, fetching: true } : { key, data: undefined, error: null, fetching: true }));
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await latest.current(controller.signal);
          if (!controller.signal.aborted) setState({ key, data, error: null, fetching: false });
          return;
        } catch (err) {
          if (controller.signal.aborted) return;
          if (attempt < RETRY_DELAYS_MS.length && retriable(err)) {
            await pause(RETRY_DELAYS_MS[attempt]!, controller.signal);
            if (controller.signal.aborted) return;
            continue;
          }
          setState((s) => ({ key, data: s.key === key ? s.data : undefined, error: err as Error, fetching: false }));
          return;
        }
      }
    })();
    return () => controller.abort();
  }, [key, enabled, round]);
  const refetch = useCallback(() => setRound((n) => n + 1), []);
  const setData = useCallback((update: (old: T) => T) => setState((s) => (s.data === undefined ? s : { ...s, data: update(s.data) })), []);
  const current = state.key === key ? state : { key, data: undefined, error: null, fetching: enabled };
  return { data: current.data, error: current.error, isError: current.error !== null, isFetching: current.fetching, refetch, setData };
}

export interface Sender<V, R> {
  mutate(variables: V, own?: Reactions<R, V>): void;
  isPending: boolean;
  error: Error | null;
  /** Forgets the last outcome (and ignores the answer of a write still running). */
  reset(): void;
}

export function useSend<V, R>(send: (variables: V) => Promise<R>, reactions: Reactions<R, V> = {}): Sender<V, R> {
  const [state, setState] = useState<{ pending: boolean; error: Error | null }>({ pending: false, error: null });
  const latest = useRef({ send, reactions });
  useEffect(() => {
    latest.current = { send, reactions };
  });
  const run = useRef(0);
  const mutate = useCallback((variables: V, own: Reactions<R, V> = {}) => {
    const id = ++run.current;
    setState({ pending: true, error: null });
    latest.current.send(variables).then(
      (reply) => {
        if (id !== run.current) return;
        setState({ pending: false, error: null });
        latest.current.reactions.onSuccess?.(reply, variables);
        own.onSuccess?.(reply, variables);
      },
      (err: Error) => {
        if (id !== run.current) return;
        setState({ pending: false, error: err });
        latest.current.reactions.onError?.(err, variables);
        own.onError?.(err, variables);
      },
    );
  }, []);
  const reset = useCallback(() => {
    run.current++;
    setState({ pending: false, error: null });
  }, []);
  return { mutate, isPending: state.pending, error: state.error, reset };
}
