import { useEffect, useRef, useState } from 'react';

/**
 * `value` after it stopped changing for `delay` ms, but never later than `maxWait` ms after the first change that
 * is still pending (spec 3 §9: the catalogue search waits 500 ms, at most 1 s, while the user keeps typing).
 */
export function useDebouncedValueMaxWait<T>(value: T, delay: number, maxWait: number): T {
  const [settled, setSettled] = useState(value);
  const pendingSince = useRef<number | null>(null);
  useEffect(() => {
    if (Object.is(value, settled)) {
      pendingSince.current = null;
      return;
    }
    const now = Date.now();
    pendingSince.current ??= now;
    const wait = Math.max(0, Math.min(delay, pendingSince.current + maxWait - now));
    const timer = setTimeout(() => {
      pendingSince.current = null;
      setSettled(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, settled, delay, maxWait]);
  return settled;
}
