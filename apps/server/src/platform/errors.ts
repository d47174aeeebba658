import type { FastifyError, FastifyInstance } from 'fastify';
import type {} from '@fastify/static';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@edu/shared/error-codes';
import { MSG } from '@edu/shared/messages';
import { isConcurrencyFailure, isDatabaseUnavailable, rootCause } from './pg-errors';

/** A failure the client should see: becomes `{ statusCode, code, message }`; its code is one of ERROR_CODES. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'BAD_REQUEST', message, fields);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** The error shape the client reads, for an answer of the server's own (its code checked against ERROR_CODES). */
const errorBody = (statusCode: number, code: ErrorCode, message: string, fields?: Record<string, string>) => ({
  statusCode,
  code,
  message,
  ...(fields ? { fields } : {}),
});

interface ZodLikeIssue {
  code?: string;
  message: string;
  path?: (string | number)[];
  instancePath?: string;
  keys?: string[];
  params?: { issue?: ZodLikeIssue };
}

function issueMessage(issue: ZodLikeIssue): string {
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) return MSG.unknownField(issue.keys.join(', '));
  return issue.message;
}

/** What Fastify itself refuses (before the route's schema), said in Portuguese. */
function clientErrorMessage(error: FastifyError, bodyLimit: number | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyLimit ? MSG.bodyTooLarge(bodyLimit) : MSG.fileTooLarge;
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return MSG.fileTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return MSG.mediaTypeNotSupported;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MSG.bodyEmptyJson;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return MSG.bodyInvalidJson;
    default:
      return MSG.invalidValue;
  }
}

/** A UTF-16 surrogate without its other half: text that is not well-formed Unicode (it has no UTF-8 form). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a text may not hold: PostgreSQL stores neither (a NUL in text, a lone surrogate in text or jsonb). */
function textFault(text: string): 'NUL_CHARACTER' | 'INVALID_UNICODE' | null {
  if (text.includes('\u0000')) return 'NUL_CHARACTER';
  return LONE_SURROGATE.test(text) ? 'INVALID_UNICODE' : null;
}

/** The first text (a value or a key) under `value` that PostgreSQL cannot store: its path (`a.b.0`) and fault, or null. */
export function badText(value: unknown, path: string[] = [], depth = 0): { path: string; fault: 'NUL_CHARACTER' | 'INVALID_UNICODE' } | null {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? { path: path.join('.') || '_', fault } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const fault = textFault(key);
    if (fault) return { path: [...path, key].join('.'), fault };
    const found = badText(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const TEXT_FAULT_MESSAGES = { NUL_CHARACTER: MSG.nulCharacter, INVALID_UNICODE: MSG.invalidUnicode } as const;

/**
 * Before any route's schema runs: text PostgreSQL cannot store — a NUL character, or a lone UTF-16 surrogate (not
 * well-formed Unicode) — anywhere in the params, query or JSON body is refused with the field's path (it would
 * otherwise fail deep inside a query or an audit row), and a body that arrived as text where the route wants JSON is
 * named for what it is.
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = badText(part);
      if (found !== null) {
        const message = TEXT_FAULT_MESSAGES[found.fault];
        throw new AppError(400, found.fault, message, { [found.path]: message });
      }
    }
    if (typeof request.body === 'string' && request.routeOptions.schema?.body) {
      throw new AppError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', MSG.bodyNotJson);
    }
  });
}

/**
 * Error and not-found handlers. With `spaRoot` (the built web app) an unknown GET outside /api,
 * /uploads and /dev answers the SPA's index.html, or for a path of `pages` that page's own HTML (the student viewer's
 * student.html: a page apart from the app); Fastify allows one not-found handler, so both live here.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { spaRoot?: string; pages?: Readonly<Record<string, string>> } = {}) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        // fastify-type-provider-zod reports each zod issue as { keyword: code, message, instancePath, params: rest of the issue }.
        const params = (v.params ?? {}) as { issue?: ZodLikeIssue; keys?: string[] };
        const issue: ZodLikeIssue = params.issue ?? { code: v.keyword, message: v.message ?? MSG.invalidValue, keys: params.keys };
        const key = issue.code === 'unrecognized_keys' && issue.keys?.length ? issue.keys[0]! : (issue.path ?? []).join('.') || v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!fields[key]) fields[key] = issueMessage(issue);
      }
      const first = Object.values(fields)[0] ?? MSG.invalidValue;
      return reply.status(400).send(errorBody(400, 'VALIDATION', first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'INTERNAL', MSG.generic));
    }
    if (isDatabaseUnavailable(error)) {
      // One line per refused request, without the stack: during an outage every request ends here.
      request.log.warn({ db: rootCause(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'DATABASE_UNAVAILABLE', MSG.serviceUnavailable));
    }
    if (isConcurrencyFailure(error)) {
      // A deadlock or serialization failure left after the retries (retryConcurrencyFailures): nothing was written.
      request.log.warn({ db: rootCause(error) }, 'concurrent change');
      return reply.status(409).send(errorBody(409, 'CONCURRENT_CHANGE', MSG.concurrentChange));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody(429, 'RATE_LIMITED', MSG.tooManyAttempts));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own code passes through (ERROR_CODES lists the ones clientErrorMessage names).
      const message = clientErrorMessage(error, request.routeOptions.bodyLimit);
      return reply.status(status).send({ statusCode: status, code: error.code ?? 'BAD_REQUEST', message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'INTERNAL', MSG.generic));
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // /dev/ is the demonstration's outbox (config.outboxPages): where it does not exist it is a 404, never the web app.
    // A missing /assets/ file (a tab still on the previous build asking for a chunk it no longer has) is a 404 too: the
    // page then offers 'Recarregar', which loads the current index.html, never an HTML page where a script was asked.
    const reserved = ['/api/', '/uploads/', '/dev/', '/assets/'];
    if (opts.spaRoot && request.method === 'GET' && !reserved.some((prefix) => url.startsWith(prefix))) {
      const page = opts.pages?.[url.split('?', 1)[0]!] ?? 'index.html';
      return reply.status(200).type('text/html; charset=utf-8').sendFile(page, opts.spaRoot);
    }
    return reply.status(404).send(errorBody(404, 'NOT_FOUND', MSG.routeNotFound));
  });
}
