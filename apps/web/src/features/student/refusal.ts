import { ApiError } from '../../lib/api';

/**
 * A refusal of the link itself or of what it opens (400 invalid/forged, 403 revoked or no longer available, 404 not a
 * unit of the link, 410 expired): the page shows the server's pt-BR reason and no content. Other failures (no
 * connection, 5xx) offer a retry.
 */
export const isRefusal = (err: unknown): err is ApiError => err instanceof ApiError && [400, 403, 404, 410].includes(err.status);
