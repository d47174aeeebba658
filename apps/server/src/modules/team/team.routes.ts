import type { FastifyInstance } from 'fastify';
import { teamRoutes as R } from '@edu/shared/team';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { teamService } from './team.service';
import { importService } from './import.service';

export function teamModule(app: FastifyInstance, deps: Deps) {
  const svc = teamService(deps);
  const imports = importService(deps);
  registerRoute(app, deps, R.sellerTeam, ({ auth, query }) => svc.sellerTeam(auth, query));
  registerRoute(app, deps, R.sellerTeamUpdate, ({ auth, params, body }) => svc.updateSellerMember(auth, params.id, body));
  registerRoute(app, deps, R.sellerTeamDelete, ({ auth, params }) => svc.deleteSellerMember(auth, params.id));
  registerRoute(app, deps, R.providerTeam, ({ auth, query }) => svc.providerTeam(auth, query));
  registerRoute(app, deps, R.providerCreate, ({ auth, body }) => svc.createProviderMember(auth, body));
  registerRoute(app, deps, R.importPreview, ({ auth, query, request }) => imports.preview(auth, query.type, request));
  registerRoute(app, deps, R.importCommit, ({ auth, body }) => imports.commit(auth, body));
}
