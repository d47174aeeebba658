/**
 * What a write answered, told in place instead of a toast (the student viewer has no toasts): a success in a polite
 * live region (`role="status"`), a failure in an assertive one (`role="alert"`). Both regions stay in the page, empty
 * until there is something to say, so screen readers announce the text when it comes.
 */
import { useCallback, useState } from 'react';
import classes from './basic.module.css';

export type Outcome = { ok: boolean; message: string } | null;

/** The outcome shown and its setters (`clear` before a new attempt, so the same words are announced again). */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const succeeded = useCallback((message: string) => setOutcome({ ok: true, message }), []);
  const failed = useCallback((message: string) => setOutcome({ ok: false, message }), []);
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, succeeded, failed, clear };
}

export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <p role="status" className={`${classes.text} ${classes.small} ${classes.outcome}`} data-ok="">
        {outcome?.ok ? outcome.message : ''}
      </p>
      <p role="alert" className={`${classes.text} ${classes.small} ${classes.outcome}`} data-ok="false">
        {outcome && !outcome.ok ? outcome.message : ''}
      </p>
    </>
  );
}
