/**
 * The process's in-memory caches and how every instance drops them at once. PostgreSQL triggers notify the channel
 * 'caches' when a cached row changes, whoever writes it (migration 0035_caches_notify): the notice is delivered on commit
 * to every listening process. A cache answers from memory only while this process's listener is connected (`live`);
 * when the connection is lost it reads the database, and when the listener is back, notices may have been missed, so
 * every cache is emptied.
 *
 * Topics: `user:<id>` (the session check of the user), `provider:<id>` (the effective type of its users), `plans`,
 * `knowledge_areas`; a TRUNCATE of `sessions`, `users` or `providers` notifies the table's name (every session dropped).
 */
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from './db';

export const CACHES_CHANNEL = 'caches';

export interface Caches {
  /** True while every change notice reaches this process. */
  readonly live: boolean;
  /** Bumped by every notice: a value read from the database before a notice must not be stored after it. */
  readonly generation: number;
  /** `drop(topic)` on each notice; `drop(null)` (drop everything) when notices may have been missed. */
  subscribe(drop: (topic: string | null) => void): void;
  /**
   * Resolves when this process hears `topic` (or drops everything), at the latest after `ms`. Call it before the write
   * that causes the notice and await it after the commit: an answer that ends sessions then leaves only once the notice
   * went round, which every instance's listener receives at the same moment.
   */
  heard(topic: string, ms?: number): Promise<void>;
}

class CacheRegistry implements Caches {
  live = false;
  generation = 0;
  private readonly subscribers: ((topic: string | null) => void)[] = [];
  subscribe(drop: (topic: string | null) => void) {
    this.subscribers.push(drop);
  }
  private readonly waiting = new Set<{ topic: string; resolve: () => void }>();
  notify(topic: string | null) {
    this.generation++;
    for (const drop of this.subscribers) drop(topic);
    for (const w of this.waiting) if (topic === null || topic === w.topic) w.resolve();
  }
  heard(topic: string, ms = 250): Promise<void> {
    if (!this.live) return Promise.resolve();
    return new Promise((resolve) => {
      const w = {
        topic,
        resolve: () => {
          clearTimeout(timer);
          this.waiting.delete(w);
          resolve();
        },
      };
      const timer = setTimeout(w.resolve, ms);
      timer.unref();
      this.waiting.add(w);
    });
  }
}

const registries = new WeakMap<Database, CacheRegistry>();

export function cachesOf(database: Database): Caches {
  let registry = registries.get(database);
  if (!registry) registries.set(database, (registry = new CacheRegistry()));
  return registry;
}

/** Listens for the change notices while the app runs; before it is ready and after it closes, every cache reads through. */
export function registerCaches(app: FastifyInstance, database: Database) {
  const registry = cachesOf(database) as CacheRegistry;
  let unlisten: (() => Promise<void>) | null = null;
  const lost = () => {
    registry.live = false;
    registry.notify(null);
  };
  app.addHook('onReady', async () => {
    unlisten = await database.listen(CACHES_CHANNEL, (topic) => registry.notify(topic), {
      onLost: lost,
      onResync: () => {
        registry.notify(null);
        registry.live = true;
      },
      onError: (err) => app.log.warn({ err }, 'caches listener lost its connection; caches read the database until it is back'),
    });
    registry.notify(null);
    registry.live = true;
  });
  app.addHook('onClose', async () => {
    lost();
    await unlisten?.();
    unlisten = null;
  });
}

/**
 * A constant list kept in memory per database (knowledge areas, plans): loaded on first use, reloaded after a notice
 * of `topic`; read from the database each time while notices may be missed.
 */
export function constantCache<T>(topic: string, load: (db: Db) => Promise<T>): (deps: { database: Database; db: Db }) => Promise<T> {
  const values = new WeakMap<Database, Promise<T>>();
  const subscribed = new WeakSet<Database>();
  return async ({ database, db }) => {
    const caches = cachesOf(database);
    if (!subscribed.has(database)) {
      subscribed.add(database);
      caches.subscribe((changed) => {
        if (changed === null || changed === topic) values.delete(database);
      });
    }
    if (!caches.live) return load(db);
    let value = values.get(database);
    if (!value) {
      const generation = caches.generation;
      value = load(db);
      values.set(database, value);
      // A notice while it loads: the next call loads again. A failed load is not kept.
      value.then(
        () => {
          if (caches.generation !== generation && values.get(database) === value) values.delete(database);
        },
        () => {
          if (values.get(database) === value) values.delete(database);
        },
      );
    }
    return value;
  };
}
