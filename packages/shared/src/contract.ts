/**
 * The route contract: each API route is declared once here (method, path under /api, schemas, and
 * who may call it). The server registers and enforces it; the web client calls through it.
 */
import type { z } from 'zod';
import type { UserType } from './access';

export type Access = 'public' | 'authenticated' | readonly UserType[];
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  method: Method;
  /** Fastify-style path under /api, e.g. '/users/view/:id'. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data upload (field `images`), not JSON. */
  multipart?: boolean;
  response: z.ZodType;
  /** Callable while the user still has to replace a first (random) password. */
  allowDuringPasswordChange?: boolean;
  /** Named rate limit (see the server's rate-limit table). */
  rateLimit?: 'signin' | 'signup' | 'forgot' | 'upload' | 'ai' | 'student' | 'studentAi';
  /** Larger JSON bodies than the server default (1 MB), e.g. unit content. */
  bodyLimit?: number;
  /**
   * Callable by a student with a share link (student.ts): when the request carries the link's token in
   * `x-student-link`, that token is the credential instead of a session and is verified on every call; the
   * `access` list then does not apply. Without the header the route follows `access` (`[]`: students only).
   */
  studentLink?: boolean;
  /**
   * Accepts an `Idempotency-Key` header (Stripe's model): a write that costs something or that clients
   * retry. The server stores the key with the answer in the write's transaction and answers a retry with the first
   * result (`Idempotent-Replayed: true`); the web client sends one key per submission (see IDEMPOTENCY_HEADER).
   */
  idempotent?: boolean;
}

/** The request header of an idempotency key (routes whose contract says `idempotent`). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the stored answer of an earlier request with the same key. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
/** 1 to 255 printable ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const defineRoute = <const T extends RouteContract>(route: T): T => route;

export type Params<R extends RouteContract> = R['params'] extends z.ZodType ? z.input<R['params']> : undefined;
export type Query<R extends RouteContract> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type Body<R extends RouteContract> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type Reply<R extends RouteContract> = z.output<R['response']>;

/** Build the concrete path from a contract path and its params. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`missing path param ${key}`);
    return encodeURIComponent(String(value));
  });
}
