/**
 * The one API client. Calls a route of the shared contract; adds the bearer token; a 401 from any
 * call clears the stored session and returns to / (spec 1 §8).
 */
import { buildPath, type Body, type Params, type Query, type Reply, type RouteContract } from '@edu/shared/contract';
import type { ErrorResponse } from '@edu/shared/validation';
import { MSG } from '@edu/shared/messages';
import { session } from './session';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields: Record<string, string> = {},
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
};

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

export async function call<R extends RouteContract>(route: R, args: Args<R> = {}): Promise<Reply<R>> {
  const url = `/api${buildPath(route.path, args.params as Record<string, string | number> | undefined)}${toSearch(args.query as Record<string, unknown> | undefined)}`;
  const headers: Record<string, string> = { ...(args.headers ?? {}) };
  const token = session.token();
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
  let res: Response;
  try {
    res = await fetch(url, { method: route.method, headers, body, signal: args.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Não foi possível conectar ao servidor. Verifique sua conexão.');
  }
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ErrorResponse>;
    if (res.status === 401 && route.access !== 'public') {
      session.clear();
      if (window.location.pathname !== '/') window.location.assign('/');
    }
    throw new ApiError(res.status, err.code ?? 'HTTP', err.message ?? MSG.generic, err.fields ?? {});
  }
  return data as Reply<R>;
}
