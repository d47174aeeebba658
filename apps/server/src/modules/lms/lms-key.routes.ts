import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lmsRoutes as R, LMS_KEY_HEADER } from '@edu/shared/lms';
import { MSG } from '@edu/shared/messages';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { lmsKeyService } from './lms-key.service';

/** The LMS key from the `lms_key` header (spec 1 §7 "LMS API"); `lms-key` too, for proxies that drop underscores. */
export function lmsKeyFrom(request: FastifyRequest): string | null {
  const value = request.headers[LMS_KEY_HEADER] ?? request.headers['lms-key'];
  const key = Array.isArray(value) ? value[0] : value;
  return key?.trim() || null;
}

export function lmsKeyModule(app: FastifyInstance, deps: Deps) {
  const svc = lmsKeyService(deps);
  registerRoute(app, deps, R.generate, ({ auth, body }) => svc.generate(auth, body.id));
  registerRoute(app, deps, R.request, ({ auth, body }) => svc.request(auth, body.id));
  registerRoute(app, deps, R.whoami, async ({ request }) => {
    const key = lmsKeyFrom(request);
    if (!key) throw badRequest(MSG.lmsKeyMissing);
    const found = await svc.whoami(key);
    if (!found) throw new AppError(403, 'LMS_KEY_INVALID', MSG.lmsKeyInvalid);
    return found;
  });
}
