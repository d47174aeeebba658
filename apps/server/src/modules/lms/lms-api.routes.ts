/**
 * The LMS API's routes (spec 1 §7 "LMS API"). In a scope of their own, whose onRequest hook runs before the body is
 * read: first the per-address rate limit (RATE_LIMIT_LMS per minute), then the key — missing, wrong or replaced
 * answers 401 before anything else, so a caller without the key learns nothing, not even whether its body is valid.
 */
import type { FastifyInstance } from 'fastify';
import { lmsRoutes as R } from '@edu/shared/lms';
import { MSG } from '@edu/shared/messages';
import { limitAddress, registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { lmsKeyFrom } from './lms-key.routes';
import { verifyLmsKey } from './lms-key.service';
import { lmsApiService } from './lms-api.service';

export function lmsApiModule(app: FastifyInstance, deps: Deps) {
  const svc = lmsApiService(deps);
  void app.register(async (scope) => {
    const limiter = scope.createRateLimit({
      max: deps.config.RATE_LIMIT_LMS,
      timeWindow: '1 minute',
      keyGenerator: (request) => `lms:${limitAddress(request)}`,
    });
    scope.addHook('onRequest', async (request) =>
      app.inFlight.run(async () => {
        const limit = await limiter(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError(429, 'RATE_LIMITED', MSG.tooManyAttempts);
        const key = lmsKeyFrom(request);
        if (!key) throw new AppError(401, 'LMS_KEY_MISSING', MSG.lmsKeyMissing);
        const sellerId = await verifyLmsKey(deps.db, key);
        if (sellerId === null) throw new AppError(401, 'LMS_KEY_INVALID', MSG.lmsKeyInvalid);
        // Idempotency keys of the LMS API belong to the institution (platform/idempotency.ts).
        request.idempotencyPrincipal = `lms:${sellerId}`;
      }),
    );
    // The key is read again from the header: the service re-checks it under the institution's row lock.
    registerRoute(scope, deps, R.saveData, ({ request, body }) => svc.saveData(lmsKeyFrom(request)!, body.itemId));
  });
}
