/**
 * THE domain-event mechanism. A module that changes something says what happened with `emit(tx, event)`, in the
 * change's transaction; other modules react without the emitter knowing them:
 *
 * - `within(name, handler)`: the handler runs in that transaction, before it commits (a bell notice, an e-mail row,
 *   a dependent state). Its writes commit or roll back with the change; a throw refuses the change.
 * - `after(name, handler)`: the handler runs after the commit, in the worker. The emit enqueues a pg-boss job in the
 *   same transaction, so the event exists exactly when the change commits — in a process that has an `after`
 *   handler for that name, as every process that built the app has (buildApp subscribes before any request; a script
 *   that changes data without building the app enqueues nothing). A handler that throws makes pg-boss retry
 *   the job (every `after` handler of that event runs again), so these handlers must be idempotent. Test apps do not
 *   start the worker: a test calls `start()` itself.
 *
 * Each emitting module declares its events, name → payload, in `DomainEventMap` (module augmentation in its
 * `events.ts`); subscribers import the payload types from the emitter's front door. Subscriptions are made once per
 * app, by `buildApp`, before any request (`subscribeOnce`).
 */
import type { Deps } from './deps';
import type { Tx } from './db';
import { QUEUES, type Jobs } from './jobs';

/** Event name → payload. Modules add their events here by augmentation: `declare module '…/platform/domain-events'`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the emitting modules' augmentations
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap & string;
export type DomainEvent<N extends DomainEventName = DomainEventName> = DomainEventMap[N] & { name: N };

export interface DomainEvents {
  /** Run `handler` in the emitting transaction, before it commits. */
  within<N extends DomainEventName>(name: N, handler: (tx: Tx, event: DomainEvent<N>) => Promise<void>): void;
  /** Run `handler` after every committed `name`, in the worker. */
  after<N extends DomainEventName>(name: N, handler: (event: DomainEvent<N>) => Promise<void>): void;
  /** The change `event` happened in `tx`: run the `within` handlers now and enqueue the `after` ones. */
  emit<N extends DomainEventName>(tx: Tx, event: DomainEvent<N>): Promise<void>;
  /** Run `subscribe` once per registry under `key` (buildApp may run twice on one set of dependencies). */
  subscribeOnce(key: string, subscribe: (events: DomainEvents) => void): void;
  /** Start the worker of the `after` handlers (main.ts does it once, beside the mail worker). */
  start(): Promise<void>;
}

type Within = (tx: Tx, event: DomainEvent) => Promise<void>;
type After = (event: DomainEvent) => Promise<void>;

const registries = new WeakMap<Jobs, DomainEvents>();

/** The registry of this app (one per job queue, so every test app has its own). */
export function domainEvents(deps: Pick<Deps, 'jobs'>): DomainEvents {
  const known = registries.get(deps.jobs);
  if (known) return known;
  const withinHandlers = new Map<string, Within[]>();
  const afterHandlers = new Map<string, After[]>();
  const subscribed = new Set<string>();
  let started = false;
  const registry: DomainEvents = {
    within(name, handler) {
      withinHandlers.set(name, [...(withinHandlers.get(name) ?? []), handler as unknown as Within]);
    },
    after(name, handler) {
      afterHandlers.set(name, [...(afterHandlers.get(name) ?? []), handler as unknown as After]);
    },
    async emit(tx, event) {
      for (const handler of withinHandlers.get(event.name) ?? []) await handler(tx, event as DomainEvent);
      // The queue keeps its first name ('unit-events'), so events enqueued before an upgrade still run.
      if (afterHandlers.has(event.name)) await deps.jobs.send(tx, QUEUES.domainEvents, event);
    },
    subscribeOnce(key, subscribe) {
      if (subscribed.has(key)) return;
      subscribed.add(key);
      subscribe(registry);
    },
    async start() {
      if (started) return;
      started = true;
      await deps.jobs.work<DomainEvent>(QUEUES.domainEvents, async (event) => {
        for (const handler of afterHandlers.get(event.name) ?? []) await handler(event);
      });
    },
  };
  registries.set(deps.jobs, registry);
  return registry;
}
