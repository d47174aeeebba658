/**
 * The one API client. Calls a route of the shared contract. What the signed-in app adds is registered by it
 * (`connectApi`, from lib/api-session.ts): the bearer token of the session; a 401 from any non-public call clears the
 * stored session and returns to / (spec 1 §8); a 503 (the database restarting) keeps the session, one toast says the
 * service is briefly unavailable. Either way the call fails as usual (the screen shows its own error with its retry;
 * TanStack Query retries reads). The student viewer (its own entry, no session, no toasts) registers nothing, so this
 * module loads neither the session nor Mantine.
 *
 * Idempotent writes (contract `idempotent`): each `call` is ONE submission and carries ONE
 * `Idempotency-Key` (crypto.randomUUID()), which the client reuses when it sends that submission again — after a
 * network failure, a 502/503/504, or a 409 saying the first attempt is still running (IDEMPOTENT_RETRY) — so a
 * retried payment request or upload is done once; the next submission (the next `call`) has a new key.
 */
import {
  buildPath,
  IDEMPOTENCY_HEADER,
  type Body,
  type Params,
  type Query,
  type Reply,
  type RouteContract,
} from '@edu/shared/contract';
import { isErrorCode, type ErrorCode } from '@edu/shared/error-codes';
import type { ErrorResponse } from '@edu/shared/validation';
import { MSG } from '@edu/shared/messages';

/** What the page around the client adds to it (the signed-in app: lib/api-session.ts). */
export interface ApiConnection {
  /** The bearer token to send, if any. */
  token(): string | null;
  /** A 401 on a route that is not public. */
  unauthorized(): void;
  /** A 503: the server's pt-BR words. */
  unavailable(message: string): void;
}

let connection: ApiConnection | null = null;

/** Registers what the page adds to every call (null: nothing, as in the student viewer). */
export function connectApi(next: ApiConnection | null): void {
  connection = next;
}

/**
 * The codes the client gives itself: no answer from the server (NETWORK), an answer without a code (HTTP), a
 * code this build does not know (UNKNOWN: a newer server's, or a Fastify refusal ERROR_CODES does not list).
 */
export type ClientErrorCode = 'NETWORK' | 'HTTP' | 'UNKNOWN';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** The code of a server's error answer: one of ERROR_CODES, else HTTP (none) or UNKNOWN (kept in `rawCode`). */
export const apiErrorCode = (raw: string | undefined): ApiErrorCode => (raw === undefined ? 'HTTP' : isErrorCode(raw) ? raw : 'UNKNOWN');

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ApiErrorCode,
    message: string,
    public readonly fields: Record<string, string> = {},
    /** The code as the server sent it (`code` itself, unless UNKNOWN). */
    public readonly rawCode: string = code,
  ) {
    super(message);
  }
}

/**
 * A refusal no retry changes: 403 (not allowed) or 404 (absent, or hidden from this user: the server
 * answers 404 for objects it will not show). LoadError turns it into the 'Acesso negado' state.
 */
export const isDenied = (err: unknown): err is ApiError => err instanceof ApiError && (err.status === 403 || err.status === 404);

type Args<R extends RouteContract> = {
  params?: Params<R>;
  query?: Query<R>;
  body?: Body<R>;
  /** multipart upload: sent as field `fileField` (default `images`). */
  file?: File | Blob;
  /** The multipart field of `file` (the galleries use their kind: images, infographics, questions, pdfs). */
  fileField?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** An idempotent route's key for this submission (default: a new one per call). */
  idempotencyKey?: string;
};

/**
 * How an idempotent write is sent again with its key: the waits before each new attempt (so at most
 * `delaysMs.length` retries). Tests set shorter waits.
 */
export const IDEMPOTENT_RETRY = { delaysMs: [1000, 3000] };

/** A failed attempt that the same submission may repeat with its key. */
const RETRIABLE_STATUS = new Set([502, 503, 504]);
const IN_PROGRESS: ErrorCode = 'IDEMPOTENCY_KEY_IN_PROGRESS';

function toSearch(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) sp.append(key, String(v));
    else sp.set(key, String(value));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The request of `route` (URL and init with the bearer token and the body), shared by `call` and `callFile`. */
function requestOf<R extends RouteContract>(route: R, args: Args<R>): { url: string; init: RequestInit } {
  const url = `/api${buildPath(route.path, args.params as Record<string, string | number> | undefined)}${toSearch(args.query as Record<string, unknown> | undefined)}`;
  const headers: Record<string, string> = { ...(args.headers ?? {}) };
  const token = connection?.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (args.file) {
    const form = new FormData();
    form.append(args.fileField ?? 'images', args.file);
    body = form;
  } else if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  return { url, init: { method: route.method, headers, body, signal: args.signal } };
}

const networkError = () => new ApiError(0, 'NETWORK', 'Não foi possível conectar ao servidor. Verifique sua conexão.');

/** How one attempt of a request is sent: `fetch` (sendOnce), or XMLHttpRequest for an upload whose progress is shown. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** How far an upload's body has gone: `sent` once the whole file is with the server (which then checks and stores it). */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, rounded down (100 only when the body is all sent). */
  percent: number;
  sent: boolean;
}

const abortError = (signal?: AbortSignal | null) =>
  signal?.reason instanceof Error ? signal.reason : new DOMException('O envio foi cancelado.', 'AbortError');

/** The response headers of an XMLHttpRequest as a Headers object. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * One attempt through XMLHttpRequest, the only browser API that reports an upload's progress everywhere (fetch's
 * request streams do not, and need HTTP/2). Resolves with a Response like fetch's, so the answer goes through the
 * same checks; no answer is NETWORK; `init.signal` aborts it (rejects with an AbortError, as fetch does).
 */
const xhrTransport =
  (onProgress?: (p: UploadProgress) => void): Transport =>
  (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) return reject(abortError(signal));
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.open(init.method ?? 'GET', url);
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
      let total = 0;
      xhr.upload.onprogress = (e) => {
        if (!e.lengthComputable || e.total === 0) return;
        total = e.total;
        onProgress?.({ loaded: e.loaded, total, percent: Math.min(99, Math.floor((e.loaded * 100) / total)), sent: false });
      };
      // The whole body is with the server: from here it checks and stores the file (nothing left to cancel cleanly).
      xhr.upload.onload = () => onProgress?.({ loaded: total, total, percent: 100, sent: true });
      xhr.onload = () => {
        done();
        const nullBody = [204, 205, 304].includes(xhr.status);
        resolve(new Response(nullBody ? null : xhr.responseText, { status: xhr.status, headers: headersOf(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => (done(), reject(networkError()));
      xhr.ontimeout = () => (done(), reject(networkError()));
      xhr.onabort = () => (done(), reject(abortError(signal)));
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });

async function sendOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** Whether an idempotent write's failed attempt is worth sending again with the same key. */
async function retriable(res: Response): Promise<boolean> {
  if (RETRIABLE_STATUS.has(res.status)) return true;
  if (res.status !== 409) return false;
  const body = (await res.clone().json().catch(() => null)) as Partial<ErrorResponse> | null;
  return body?.code === IN_PROGRESS;
}

async function send<R extends RouteContract>(route: R, args: Args<R>, transport: Transport = sendOnce): Promise<Response> {
  const { url, init } = requestOf(route, args);
  if (!route.idempotent) return transport(url, init);
  // One key for this submission, sent again on each retry of it.
  (init.headers as Record<string, string>)[IDEMPOTENCY_HEADER] = args.idempotencyKey ?? crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= IDEMPOTENT_RETRY.delaysMs.length;
    let res: Response;
    try {
      res = await transport(url, init);
    } catch (err) {
      if (last || !(err instanceof ApiError)) throw err;
      await wait(IDEMPOTENT_RETRY.delaysMs[attempt]!, args.signal);
      continue;
    }
    if (last || res.ok || !(await retriable(res))) return res;
    await wait(IDEMPOTENT_RETRY.delaysMs[attempt]!, args.signal);
  }
}

/** A refusal's error (the JSON error shape); a 401 on a non-public route and a 503 are told to the connection. */
async function failure<R extends RouteContract>(route: R, res: Response): Promise<ApiError> {
  const err = ((await res.json().catch(() => null)) ?? {}) as Partial<ErrorResponse>;
  if (res.status === 401 && route.access !== 'public') connection?.unauthorized();
  if (res.status === 503) connection?.unavailable(err.message ?? MSG.serviceUnavailable);
  const raw = typeof err.code === 'string' ? err.code : undefined;
  return new ApiError(res.status, apiErrorCode(raw), err.message ?? MSG.generic, err.fields ?? {}, raw ?? 'HTTP');
}

/** A JSON route's answer: its body, or the failure's ApiError (with its side effects: sign-out on 401, the 503 toast). */
async function reply<R extends RouteContract>(route: R, res: Response): Promise<Reply<R>> {
  if (!res.ok) throw await failure(route, res);
  return (await res.json().catch(() => null)) as Reply<R>;
}

export async function call<R extends RouteContract>(route: R, args: Args<R> = {}): Promise<Reply<R>> {
  return reply(route, await send(route, args));
}

/**
 * An upload (`args.file`) whose progress is shown: `call` through XMLHttpRequest, reporting to `onProgress` as the
 * body goes; the same headers, Idempotency-Key and retries, and the same errors (a 401 ends the session, a 503 its
 * toast, the server's pt-BR message). `args.signal` cancels it: the promise rejects with an AbortError.
 */
export async function callUpload<R extends RouteContract>(route: R, args: Args<R> & { onProgress?(p: UploadProgress): void }): Promise<Reply<R>> {
  const { onProgress, ...rest } = args;
  return reply(route, await send(route, rest as Args<R>, xhrTransport(onProgress)));
}

/** Whether `err` is the rejection of a request its signal cancelled. */
export const isAbort = (err: unknown): boolean => (err as Error | null)?.name === 'AbortError';

/**
 * A route that answers a FILE (a zip, a text file): its bytes and the name from Content-Disposition (or `fallbackName`).
 * Errors are the same as `call`'s.
 */
export async function callFile<R extends RouteContract>(route: R, args: Args<R> & { fallbackName: string }): Promise<{ blob: Blob; fileName: string; headers: Headers }> {
  const res = await send(route, args);
  if (!res.ok) throw await failure(route, res);
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition') ?? '') ?? args.fallbackName, headers: res.headers };
}

/** The file name of a Content-Disposition: the exact UTF-8 one (`filename*=UTF-8''…`, RFC 6266) before the ASCII fallback. */
export function fileNameOf(disposition: string): string | undefined {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact.trim());
    } catch {
      // a malformed encoding: the ASCII name below
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}
