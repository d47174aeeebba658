/**
 * Packed counts, the body of an access snapshot (access-snapshots.ts): for each unit with a count, in id order,
 * varint(id − previous id) then varint(count) — about 3 bytes a unit.
 */

function writeVarint(out: number[], n: number): void {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

/** Packs (id, count) pairs given in ascending id order; counts ≤ 0 are left out. */
export function packCounts(ids: ArrayLike<number>, counts: ArrayLike<number>): Buffer {
  const out: number[] = [];
  let previous = 0;
  for (let i = 0; i < ids.length; i++) {
    if (counts[i]! <= 0) continue;
    writeVarint(out, ids[i]! - previous);
    writeVarint(out, counts[i]!);
    previous = ids[i]!;
  }
  return Buffer.from(out);
}

/** Calls `each(id, count)` for every pair of a packed buffer, in id order. */
export function unpackCounts(packed: Uint8Array, each: (id: number, count: number) => void): void {
  let pos = 0;
  let id = 0;
  const read = () => {
    let n = 0;
    let scale = 1;
    for (;;) {
      if (pos >= packed.length) throw new Error('access snapshot: packed counts cut short');
      const b = packed[pos++]!;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
  };
  while (pos < packed.length) {
    id += read();
    each(id, read());
  }
}
