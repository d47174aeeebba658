/** Every unit's accesses in a range as a tally: how many units, their accesses together, and the report's ranking of them. */

/** One unit's accesses in a range. */
export interface UnitAccesses {
  itemId: number;
  accesses: number;
}

/** Every unit's accesses in a range: the units with any (`units`), their accesses together, and a ranking of them. */
export interface UnitTally {
  units: number;
  allAccesses: number;
  /** The `limit` units from `offset` in the report's order (most accesses first, ties by unit id); all without limit. */
  rank(offset: number, limit?: number): UnitAccesses[];
}

/** Largest unit id summed in a dense array (8 bytes an id); past it, a Map (ids are a table's serial: dense). */
const DENSE_IDS = 2_000_000;

export interface Sums {
  add(id: number, count: number): void;
  each(visit: (id: number, count: number) => void): void;
}
function denseSums(maxId: number): Sums {
  const n = new Float64Array(maxId + 1);
  return {
    add: (id, count) => (n[id]! += count),
    each: (visit) => n.forEach((count, id) => visit(id, count)),
  };
}
function sparseSums(): Sums {
  const n = new Map<number, number>();
  return {
    add: (id, count) => n.set(id, (n.get(id) ?? 0) + count),
    each: (visit) => n.forEach((count, id) => visit(id, count)),
  };
}

/** The sums of units up to `maxId`: dense when the ids allow it. */
export function unitSums(maxId: number): Sums {
  return maxId <= DENSE_IDS ? denseSums(maxId) : sparseSums();
}

/** The tally of units with accesses (`ids[i]` has `counts[i]`, every count > 0). */
export function tallyOf(ids: readonly number[], counts: readonly number[]): UnitTally {
  const units = ids.length;
  // Index i comes before index j in the report: more accesses, or as many and a smaller unit id.
  const precedes = (i: number, j: number) => counts[i]! > counts[j]! || (counts[i] === counts[j] && ids[i]! < ids[j]!);
  return {
    units,
    allAccesses: counts.reduce((a, b) => a + b, 0),
    rank(offset, limit) {
      const want = limit === undefined ? units : Math.min(units, offset + limit);
      if (want <= offset) return [];
      const order = want * 4 < units ? firstIndexes(units, want, precedes) : Array.from({ length: units }, (_, i) => i).sort((i, j) => (precedes(i, j) ? -1 : 1));
      return order.slice(offset, want).map((i) => ({ itemId: ids[i]!, accesses: counts[i]! }));
    },
  };
}

/** The first `k` of `n` indexes in `precedes` order: a bounded heap whose root is the last of the k kept. */
function firstIndexes(n: number, k: number, precedes: (i: number, j: number) => boolean): number[] {
  const heap: number[] = [];
  const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b]!, heap[a]!]);
  for (let i = 0; i < n; i++) {
    if (heap.length === k) {
      if (!precedes(i, heap[0]!)) continue;
      heap[0] = i;
      // Down: the root is the latest in the report's order.
      for (let at = 0; ; ) {
        const [l, r] = [2 * at + 1, 2 * at + 2];
        let last = at;
        if (l < k && precedes(heap[last]!, heap[l]!)) last = l;
        if (r < k && precedes(heap[last]!, heap[r]!)) last = r;
        if (last === at) break;
        swap(at, last);
        at = last;
      }
    } else {
      heap.push(i);
      for (let at = heap.length - 1; at > 0; ) {
        const up = (at - 1) >> 1;
        if (!precedes(heap[up]!, heap[at]!)) break;
        swap(at, up);
        at = up;
      }
    }
  }
  return heap.sort((i, j) => (precedes(i, j) ? -1 : 1));
}
