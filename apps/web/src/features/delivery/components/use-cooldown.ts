import { useEffect, useRef, useState } from 'react';
import { PACKAGE_COOLDOWN } from '@edu/shared/packages';

/** Seconds left of the cooldown (0: none): 30, 25, … 5, then 0 — one step every 5 seconds. */
export function useCooldown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  const start = () => {
    stop();
    setLeft(PACKAGE_COOLDOWN.seconds);
    timer.current = setInterval(() => {
      setLeft((s) => {
        const next = Math.max(0, s - PACKAGE_COOLDOWN.stepSeconds);
        if (next === 0) stop();
        return next;
      });
    }, PACKAGE_COOLDOWN.stepSeconds * 1000);
  };
  return { left, start };
}

