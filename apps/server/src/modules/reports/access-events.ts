/**
 * Access events: `recordAccess` — one insert into the append-only `access_events`, in the viewer's own request. No
 * shared row is updated there, so concurrent students never wait on each other's locks. The rollups are made from
 * these events by the fold (access-rollups.ts).
 */
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../platform/db';
import { accessRecorded } from './access-rollups';

export interface AccessEvent {
  sellerId: number;
  studentId: string;
  itemId: number;
  itemContentId: number;
  /** The unit's provider; taken from the unit when left out (the viewer records before it has read the unit). */
  providerId?: number;
  source?: 'link' | 'lms';
  /** Only for data loaders and tests; the database's clock otherwise. */
  occurredAt?: Date;
}

const eventRow = (e: AccessEvent) =>
  sql`(${e.sellerId}, ${e.studentId}, ${e.itemId}, ${e.itemContentId},
       ${e.providerId ?? sql`(select i.provider_id from items i where i.id = ${e.itemId})`}, ${e.source ?? 'link'},
       coalesce(${e.occurredAt?.toISOString() ?? null}::timestamptz, now()))`;

async function insertEvents(db: Executor, events: AccessEvent[]): Promise<void> {
  await db.execute(sql`
    insert into access_events (seller_id, student_id, item_id, item_content_id, provider_id, source, occurred_at)
    values ${sql.join(events.map(eventRow), sql`, `)}`);
}

/** Most events one group commit writes. */
const GROUP_MAX = 500;

/**
 * Group commit: while one insert is in flight, the openings that arrive wait for the next, which writes them all in
 * one statement and one commit. Alone, an opening is written at once (no timer, no added wait); under load, many
 * share one commit and one pooled connection. Every caller's promise settles only after ITS row committed, so an
 * acknowledged opening is never lost.
 */
function groupCommitter(db: Db) {
  let queue: { e: AccessEvent; done: (err?: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (queue.length) {
      const batch = queue.slice(0, GROUP_MAX);
      queue = queue.slice(batch.length);
      try {
        await insertEvents(db, batch.map((b) => b.e));
        for (const b of batch) b.done();
      } catch (err) {
        // One bad row must not fail the others: each is tried alone, and only its own caller sees its error.
        if (batch.length === 1) batch[0]!.done(err);
        else await Promise.all(batch.map((b) => insertEvents(db, [b.e]).then(() => b.done(), (e: unknown) => b.done(e))));
      }
    }
    flushing = false;
  };
  return (e: AccessEvent) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ e, done: (err) => (err ? reject(err as Error) : resolve()) });
      if (!flushing) void flush();
    });
}

const committers = new WeakMap<object, (e: AccessEvent) => Promise<void>>();

/**
 * Records one opening of a unit by a student. On the database handle: through the group commit (one insert shared by
 * the openings arriving together); inside a transaction: one insert in it.
 */
export async function recordAccess(db: Executor, e: AccessEvent): Promise<void> {
  if (db instanceof PgTransaction) {
    await insertEvents(db, [e]);
  } else {
    let commit = committers.get(db);
    if (!commit) {
      commit = groupCommitter(db as Db);
      committers.set(db, commit);
    }
    await commit(e);
  }
  // This process's reports look for it before answering from their memo (access-rollups.ts, foldedGeneration).
  accessRecorded();
}
