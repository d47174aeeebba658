import type { FastifyInstance } from 'fastify';
import { aiRoutes as R } from '@edu/shared/ai';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { aiService } from './ai.service';

export function aiModule(app: FastifyInstance, deps: Deps) {
  const svc = aiService(deps);
  registerRoute(app, deps, R.access, async ({ auth }) => svc.access(auth));
  registerRoute(app, deps, R.activity, ({ auth, body, request }) => svc.activity(auth, body, request.log));
}
