import type { FastifyInstance } from 'fastify';
import { usersRoutes as R } from '@edu/shared/users';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { usersService } from './users.service';

export function usersModule(app: FastifyInstance, deps: Deps) {
  const svc = usersService(deps);
  registerRoute(app, deps, R.create, ({ auth, body }) => svc.create(auth, body));
  registerRoute(app, deps, R.filter, ({ auth, query }) => svc.filter(auth, query));
  registerRoute(app, deps, R.view, ({ auth, params }) => svc.view(auth, params.id));
  registerRoute(app, deps, R.updateById, ({ auth, params, body }) => svc.update(auth, params.id, body));
  registerRoute(app, deps, R.updateSelf, ({ auth, body }) => svc.update(auth, auth.user.id, body));
  registerRoute(app, deps, R.avatar, ({ auth, params, request }) => svc.setAvatar(auth, params.id, request));
  registerRoute(app, deps, R.avatarDelete, ({ auth, params }) => svc.deleteAvatar(auth, params.id));
  registerRoute(app, deps, R.status, ({ auth, body }) => svc.setStatus(auth, body));
}
