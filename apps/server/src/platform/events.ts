/**
 * Live events: Server-Sent Events at GET /api/events, fanned out with PostgreSQL LISTEN/NOTIFY so that
 * every server process on the same database delivers them.
 *
 * - publish(tx, event) runs `pg_notify('events', json)` inside the caller's transaction: PostgreSQL
 *   delivers it on commit and drops it on rollback. The payload is small ({userIds?|sellerIds?|all?,
 *   kind}); no content travels, the client refetches through the API with its bearer token.
 * - One listener per process (Database.listen: a dedicated pg.Client with reconnect, or PGlite's
 *   listen) forwards each event to the matching open streams of this process.
 * - EventSource cannot send headers, so the long-lived session token never goes in the URL: the client
 *   asks POST /api/events/ticket (bearer) for a single-use ticket valid 60 s (stored hashed in
 *   user_tokens, so any process can accept it) and opens GET /api/events?ticket=….
 * - Heartbeat comments every 25 s; streams are dropped on disconnect; app.close() ends them all
 *   (preClose), so graceful shutdown does not wait for open streams. Not compressed.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { EVENTS_HEARTBEAT_MS, EVENTS_TICKET_MS, notificationsRoutes as R, type EventKind } from '@edu/shared/notifications';
import type { UserType } from '@edu/shared/access';
import type { Executor } from './db';
import { registerRoute } from './http';
import type { Deps } from './deps';
import { unauthorized } from './errors';
import { randomToken, sha256 } from './security';
import { users, userTokens } from '../db/schema';

export const EVENTS_CHANNEL = 'events';
const TICKET_KIND = 'events_ticket';
/** Open streams per user and process; the oldest is closed beyond this. */
const MAX_STREAMS_PER_USER = 10;
/** pg_notify payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;

export interface AppEvent {
  kind: EventKind;
  userIds?: number[];
  sellerIds?: number[];
  all?: boolean;
}

/** Publish an event; delivered to the streams when `tx` commits. */
export async function publish(tx: Executor, event: AppEvent): Promise<void> {
  let payload = JSON.stringify(event);
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ kind: event.kind, all: true });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

interface Stream {
  userId: number;
  sellerId: number | null;
  type: UserType;
  res: ServerResponse;
  heartbeat: NodeJS.Timeout;
  opened: number;
}

function parseEvent(payload: string): AppEvent | null {
  try {
    const value = JSON.parse(payload) as AppEvent;
    return value && typeof value.kind === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function matches(event: AppEvent, s: Pick<Stream, 'userId' | 'sellerId'>): boolean {
  if (event.all) return true;
  if (event.userIds?.includes(s.userId)) return true;
  return s.sellerId !== null && !!event.sellerIds?.includes(s.sellerId);
}

async function consumeTicket(deps: Deps, ticket: string) {
  const [row] = await deps.db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.tokenHash, sha256(ticket)), eq(userTokens.kind, TICKET_KIND), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())))
    .returning({ userId: userTokens.userId });
  if (!row) throw unauthorized();
  const [user] = await deps.db
    .select({ id: users.id, status: users.status, type: users.type, sellerId: users.sellerId })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user || user.status !== 'active') throw unauthorized();
  return user;
}

export function eventsModule(app: FastifyInstance, deps: Deps) {
  const streams = new Set<Stream>();
  let unlisten: (() => Promise<void>) | null = null;

  const write = (s: Stream, chunk: string) => {
    if (!s.res.writableEnded && !s.res.destroyed) s.res.write(chunk);
  };
  const send = (s: Stream, kind: EventKind) => write(s, `data: ${JSON.stringify({ kind })}\n\n`);
  const drop = (s: Stream) => {
    clearInterval(s.heartbeat);
    if (streams.delete(s)) app.metrics?.sseClosed();
    if (!s.res.writableEnded) s.res.end();
  };

  const deliver = (payload: string) => {
    const event = parseEvent(payload);
    if (!event) return;
    for (const s of streams) if (matches(event, s)) send(s, event.kind);
  };

  app.addHook('onReady', async () => {
    unlisten = await deps.database.listen(EVENTS_CHANNEL, deliver, {
      onResync: () => {
        app.log.info('events listener reconnected; streams told to refetch');
        deliver(JSON.stringify({ kind: 'resync', all: true }));
      },
      onError: (err) => app.log.warn({ err }, 'events listener lost its connection; reconnecting'),
    });
  });
  // Before the server stops accepting: end the streams so close() does not wait for them.
  app.addHook('preClose', async () => {
    for (const s of [...streams]) drop(s);
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
    unlisten = null;
  });

  registerRoute(app, deps, R.eventsTicket, async ({ auth }) => {
    const ticket = randomToken();
    await deps.db.transaction(async (tx) => {
      await tx.delete(userTokens).where(and(eq(userTokens.userId, auth.user.id), eq(userTokens.kind, TICKET_KIND), lt(userTokens.expiresAt, new Date())));
      await tx.insert(userTokens).values({ userId: auth.user.id, kind: TICKET_KIND, tokenHash: sha256(ticket), expiresAt: new Date(Date.now() + EVENTS_TICKET_MS) });
    });
    return { ticket, expiresIn: EVENTS_TICKET_MS / 1000 };
  });

  app.route({
    method: 'GET',
    url: `/api${R.events.path}`,
    compress: false,
    exposeHeadRoute: false,
    config: { rateLimit: false },
    schema: {
      summary: R.events.summary,
      tags: [R.events.tag],
      querystring: R.events.query,
      description: 'Pública quanto ao cabeçalho: autenticada pelo bilhete de uso único. Resposta text/event-stream: `data: {"kind": …}`.',
    },
    handler: async (request, reply: FastifyReply) => {
      const { ticket } = request.query as { ticket: string };
      const user = await consumeTicket(deps, ticket);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const stream: Stream = {
        userId: user.id,
        sellerId: user.sellerId,
        type: user.type as UserType,
        res,
        opened: Date.now(),
        heartbeat: setInterval(() => write(stream, ': ping\n\n'), EVENTS_HEARTBEAT_MS),
      };
      stream.heartbeat.unref();
      const mine = [...streams].filter((s) => s.userId === user.id).sort((a, b) => a.opened - b.opened);
      while (mine.length >= MAX_STREAMS_PER_USER) drop(mine.shift()!);
      streams.add(stream);
      app.metrics?.sseOpened();
      // The response's 'close' fires when the client goes away (the request's may fire once it is read).
      res.on('close', () => drop(stream));
      res.on('error', () => drop(stream));
      write(stream, 'retry: 5000\n\n');
      send(stream, 'ready');
    },
  });
}
