import { useEffect, useRef, useState } from 'react';

/**
 * Calls `fire` once `key` has stopped changing for `delay` ms — but no later than `maxWait` ms after the first change
 * still waiting — while `enabled`. Disabling drops what was waiting: the next change after it is enabled again starts
 * a new wait.
 */
export function useMaxWaitTimer(key: unknown, enabled: boolean, delay: number, maxWait: number, fire: () => void) {
  const pendingSince = useRef<number | null>(null);
  const fireRef = useRef(fire);
  fireRef.current = fire;
  useEffect(() => {
    if (!enabled) {
      pendingSince.current = null;
      return;
    }
    const now = Date.now();
    pendingSince.current ??= now;
    const wait = Math.max(0, Math.min(delay, pendingSince.current + maxWait - now));
    const timer = setTimeout(() => {
      pendingSince.current = null;
      fireRef.current();
    }, wait);
    return () => clearTimeout(timer);
  }, [key, enabled, delay, maxWait]);
}

/**
 * `value` after it stopped changing for `delay` ms, but never later than `maxWait` ms after the first change that
 * is still pending (spec 3 §9: the catalogue search waits 500 ms, at most 1 s, while the user keeps typing).
 */
export function useDebouncedValueMaxWait<T>(value: T, delay: number, maxWait: number): T {
  const [settled, setSettled] = useState(value);
  useMaxWaitTimer(value, !Object.is(value, settled), delay, maxWait, () => setSettled(value));
  return settled;
}
