import type { FastifyInstance } from 'fastify';
import { authRoutes as R } from '@edu/shared/auth';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { authService } from './auth.service';

export function authModule(app: FastifyInstance, deps: Deps) {
  const svc = authService(deps);
  registerRoute(app, deps, R.signin, ({ body }) => svc.signin(body));
  registerRoute(app, deps, R.signout, ({ auth }) => svc.signout(auth));
  registerRoute(app, deps, R.me, ({ auth }) => svc.me(auth));
  registerRoute(app, deps, R.updatePassword, ({ auth, body }) => svc.updatePassword(auth, body));
  registerRoute(app, deps, R.forgotPassword, ({ body }) => svc.forgotPassword(body.email));
  registerRoute(app, deps, R.resetPassword, ({ body }) => svc.resetPassword(body));
  registerRoute(app, deps, R.confirmEmail, ({ body }) => svc.confirmEmail(body.email, body.token));
  registerRoute(app, deps, R.confirmed, ({ query }) => svc.confirmed(query.email, query.token));
  registerRoute(app, deps, R.signupPlans, () => svc.signupPlans());
  registerRoute(app, deps, R.providerSignup, ({ body }) => svc.providerSignup(body));
  registerRoute(app, deps, R.institutionSignup, ({ body }) => svc.institutionSignup(body));
  registerRoute(app, deps, R.signupLogo, ({ params, request }) => {
    const header = request.headers['x-upload-token'];
    return svc.signupLogo(params.id, typeof header === 'string' ? header : undefined, request);
  });
}
