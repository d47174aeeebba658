/**
 * Registers a contract route on Fastify: authentication (onRequest), the role check of the contract,
 * zod validation of params/query/body, the named rate limit and the response whitelist.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { z } from 'zod';
import type { RouteContract, Reply } from '@edu/shared/contract';
import { MSG } from '@edu/shared/messages';
import type { Config } from '../config';
import type { Deps } from './deps';
import { AppError, forbidden, unauthorized } from './errors';
import { findSession, type AuthContext } from './sessions';
import { runIdempotent } from './idempotency';
import { STUDENT_LINK_HEADER } from '@edu/shared/student';


declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** The route work still running (see InFlight); graceful shutdown waits for it. */
    inFlight: InFlight;
  }
}

/**
 * Counts the route work in progress: the session lookup and the handler of every contract route. A
 * handler keeps running (and querying) after its client went away, when the connection no longer holds
 * the server's close(): shutdown waits for `idle()` before the database closes.
 */
export class InFlight {
  /** Shutdown has begun: answers close their connections. */
  closing = false;
  private count = 0;
  private waiters: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await work();
    } finally {
      this.count--;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  get size() {
    return this.count;
  }

  /** Resolves when nothing runs (at once if nothing does), or after `timeoutMs` with false. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<R extends RouteContract, A> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  auth: A;
  /**
   * Set when a student called with a share link (contract `studentLink`); then `auth` is null. The student module
   * verifies the link (`app.studentCredential`) and declares the shape of `request.student` (Fastify's way for a plugin
   * to add to a request, as @fastify/jwt adds `request.user`); platform only carries it to the handler.
   */
  student: FastifyRequest['student'];
}

type AuthOf<R extends RouteContract> = R['access'] extends 'public'
  ? AuthContext | null
  : R['studentLink'] extends true
    ? AuthContext | null
    : AuthContext;

export type Handler<R extends RouteContract> = (ctx: HandlerContext<R, AuthOf<R>>) => Promise<Reply<R>>;

export interface RouteOptions<R extends RouteContract> {
  /**
   * Slow work on the body that needs no database connection (fetching images from other sites), run before an
   * idempotent route's transaction opens, so it never holds a pooled connection while it waits; the handler gets its
   * result as `body`. An Idempotency-Key's hash still covers the body as sent.
   */
  prepareBody?: (ctx: HandlerContext<R, AuthOf<R>>) => Promise<Out<R['body']>>;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 100 ? token : null;
}

/**
 * The client address a rate limit counts: IPv4 as it is, an IPv4-mapped IPv6 address as its IPv4, and any other IPv6
 * address by its /64 (what one subscriber or one server gets: rotating the rest of the address does not buy attempts).
 */
export const limitAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

export function rateLimitFor(config: Config, name: RouteContract['rateLimit']) {
  if (!name) return undefined;
  const table = {
    signin: { max: config.RATE_LIMIT_SIGNIN, timeWindow: '5 minutes', byEmail: true },
    signup: { max: config.RATE_LIMIT_SIGNUP, timeWindow: '1 hour', byEmail: false },
    forgot: { max: config.RATE_LIMIT_FORGOT, timeWindow: '15 minutes', byEmail: false },
    upload: { max: config.RATE_LIMIT_UPLOAD, timeWindow: '1 minute', byEmail: false },
    ai: { max: config.RATE_LIMIT_AI, timeWindow: '1 hour', byEmail: false },
    student: { max: config.RATE_LIMIT_STUDENT, timeWindow: '1 minute', byEmail: false },
    studentAi: { max: config.RATE_LIMIT_STUDENT_AI, timeWindow: '1 hour', byEmail: false },
  } as const;
  const rule = table[name];
  return {
    max: rule.max,
    timeWindow: rule.timeWindow,
    // Before the per-e-mail sign-in limit (a preHandler): a request this limit refuses is not counted
    // there, so one address cannot use up an account's attempts (the body is parsed by preValidation).
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => {
      const email = rule.byEmail ? String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase() : '';
      // AI calls are counted per signed-in user too (the session is known by then: onRequest ran).
      const user = name === 'ai' ? String(request.auth?.user.id ?? '') : '';
      return `${name}:${limitAddress(request)}:${email}${user}`;
    },
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', MSG.tooManyAttempts),
  };
}

/**
 * The second sign-in limit: attempts per e-mail from every address together (RATE_LIMIT_SIGNIN_EMAIL per
 * 15 minutes), so spreading guesses over many addresses does not help. A password change (no e-mail in
 * the body) counts per signed-in user.
 */
function signinByEmailLimit(app: FastifyInstance, config: Config) {
  const limiter = app.createRateLimit({
    max: config.RATE_LIMIT_SIGNIN_EMAIL,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => {
      const email = String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
      return email ? `signin-email:${email}` : `signin-user:${request.auth?.user.id ?? limitAddress(request)}`;
    },
  });
  return async (request: FastifyRequest) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'RATE_LIMITED', MSG.tooManyAttempts);
  };
}

export function registerRoute<R extends RouteContract>(app: FastifyInstance, deps: Deps, route: R, handler: Handler<R>, options: RouteOptions<R> = {}) {
  const access = route.access;
  app.route({
    method: route.method,
    url: `/api${route.path}`,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body && !route.multipart ? { body: route.body } : {}),
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: route.response },
      description: [
        access === 'public' ? 'Pública.' : access === 'authenticated' ? 'Qualquer usuário autenticado.' : access.length ? `Tipos de usuário: ${access.join(', ')}.` : '',
        route.studentLink ? `Aluno: o token do link no cabeçalho ${STUDENT_LINK_HEADER}, verificado a cada chamada.` : '',
        route.idempotent
          ? 'Aceita o cabeçalho Idempotency-Key (1 a 255 caracteres, por exemplo um UUID): repetir o envio com a mesma chave responde o primeiro resultado ' +
            '(cabeçalho Idempotent-Replayed: true) sem gravar de novo; a mesma chave com outros dados: 422; enquanto o primeiro envio ainda roda: 409. Chaves valem 24 horas.'
          : '',
      ].filter(Boolean).join(' '),
    },
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    config: { rateLimit: rateLimitFor(deps.config, route.rateLimit) ?? false },
    ...(route.rateLimit === 'signin' ? { preHandler: [signinByEmailLimit(app, deps.config)] } : {}),
    onRequest: async (request) => app.inFlight.run(async () => {
      request.auth = null;
      request.student = null;
      // A student's share link is the credential of the routes that accept it: verified now, on every call.
      if (route.studentLink && request.headers[STUDENT_LINK_HEADER] !== undefined) {
        request.student = await app.studentCredential(request);
        return;
      }
      const token = bearer(request);
      if (access === 'public') {
        if (token) request.auth = await findSession(deps, token);
        return;
      }
      if (!token) throw unauthorized();
      const auth = await findSession(deps, token);
      if (!auth || auth.user.status !== 'active') throw unauthorized();
      if (auth.user.mustChangePassword && !route.allowDuringPasswordChange) {
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', MSG.mustChangePassword);
      }
      if (access !== 'authenticated' && !access.includes(auth.user.type)) throw forbidden();
      request.auth = auth;
    }),
    handler: async (request, reply) =>
      app.inFlight.run(async () => {
        const ctx: HandlerContext<R, AuthOf<R>> = {
          request,
          reply,
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          auth: request.auth as never,
          student: request.student,
        };
        if (options.prepareBody) ctx.body = await options.prepareBody(ctx);
        const run = () => handler(ctx);
        // An `Idempotency-Key` is read only where the contract allows it (platform/idempotency.ts); elsewhere it is ignored.
        return route.idempotent ? runIdempotent(deps.database.db, route, request, reply, run) : run();
      }),
  });
}
