import { useMaxWaitTimer } from '../../../lib/debounce';

/** The studio saves a draft this long after the last change… */
export const AUTOSAVE_DELAY_MS = 2000;
/** …and at least this often while the author keeps typing. */
export const AUTOSAVE_MAX_WAIT_MS = 20_000;

/**
 * Calls `run` once `content` (a snapshot of what would be saved) has stopped changing for `delay` ms — but no later
 * than `maxWait` ms after the first change still waiting — while `enabled`. A change while disabled waits for the
 * next change after it is enabled again (e.g. a failed save is not repeated until the author edits once more).
 */
export function useAutosave(content: string, enabled: boolean, run: () => void, delay = AUTOSAVE_DELAY_MS, maxWait = AUTOSAVE_MAX_WAIT_MS) {
  useMaxWaitTimer(content, enabled, delay, maxWait, run);
}
