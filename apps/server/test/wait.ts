/**
 * Waiting for something observable (a row, a job's state, an event, a gauge) instead of sleeping a fixed time.
 *
 * `waitUntil(read)` reads again and again until the value is truthy and answers it; `waitUntil(read, done)` until
 * `done(value)` holds. A read that throws counts as "not yet". After `timeout` ms it fails with what was awaited and
 * the last value read. Built on vitest's `vi.waitFor` (real timers even under `vi.useFakeTimers`).
 */
import { vi } from 'vitest';

export interface WaitOptions {
  /** Milliseconds before giving up (default 15 000). */
  timeout?: number;
  /** Milliseconds between two reads (default 100). */
  interval?: number;
  /** What is awaited, for the error on timeout. */
  what?: string;
}

type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

export function waitUntil<T>(read: () => T | Promise<T>, opts?: WaitOptions): Promise<Truthy<T>>;
export function waitUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, opts?: WaitOptions): Promise<T>;
export function waitUntil<T>(
  read: () => T | Promise<T>,
  doneOrOpts?: ((value: T) => boolean) | WaitOptions,
  maybeOpts?: WaitOptions,
): Promise<T> {
  const done = typeof doneOrOpts === 'function' ? doneOrOpts : (value: T) => Boolean(value);
  const opts = (typeof doneOrOpts === 'function' ? maybeOpts : doneOrOpts) ?? {};
  const timeout = opts.timeout ?? 15_000;
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`${opts.what ?? 'condition'}: not within ${timeout} ms; last: ${show(value)}`);
      return value;
    },
    { timeout, interval: opts.interval ?? 100 },
  );
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}
