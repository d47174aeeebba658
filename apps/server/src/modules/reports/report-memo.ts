/**
 * The access reports' memo: an answer computed once per fold generation. The reports read rollups that change only
 * when a fold transaction commits, and every such transaction bumps `access_fold.generation` (access-rollups.ts,
 * `foldedGeneration`). A report asked again with the same scope, range and filters before the next fold answers from
 * here, without a statement.
 *
 * - Bounded: the `limit` most recently used keys (an LRU over a Map's insertion order); one entry per key, replaced
 *   when the generation moves, so old generations never pile up.
 * - Titles, institution names and plans are read with the counts but do not move the generation: an entry is also
 *   recomputed after MEMO_MAX_AGE_MS, so such an edit shows within a minute even when nobody opens a unit.
 * - The promise is kept, so simultaneous identical requests compute once; a failure is not kept.
 */

/** Most answers kept per memo. */
export const MEMO_ENTRIES = 500;
/** Oldest answer given from the memo. */
export const MEMO_MAX_AGE_MS = 60_000;

export interface ReportMemo {
  /** The answer of `key` at fold `generation`: from the memo, or `compute()` (then kept). */
  get<T>(generation: string, key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets every answer. */
  clear(): void;
  readonly size: number;
}

export function reportMemo(limit = MEMO_ENTRIES, maxAgeMs = MEMO_MAX_AGE_MS): ReportMemo {
  const entries = new Map<string, { generation: string; at: number; value: Promise<unknown> }>();
  return {
    get<T>(generation: string, key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.generation === generation && Date.now() - hit.at < maxAgeMs) {
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = compute();
      const entry = { generation, at: Date.now(), value };
      entries.set(key, entry);
      while (entries.size > limit) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
