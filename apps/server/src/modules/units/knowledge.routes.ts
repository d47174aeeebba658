import type { FastifyInstance } from 'fastify';
import { knowledgeRoutes as R, LEVELS_OF_LEARNING } from '@edu/shared/knowledge';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { knowledgeAreasOf } from './unit-rows';

export function knowledgeModule(app: FastifyInstance, deps: Deps) {
  // From memory, in the database's order (type, title): the areas change only by migration, and a change reloads them.
  registerRoute(app, deps, R.find, async () => [...(await knowledgeAreasOf(deps)).values()]);
  registerRoute(app, deps, R.levelOfLearning, async () => ({
    basic: [...LEVELS_OF_LEARNING.basic],
    university: [...LEVELS_OF_LEARNING.university],
  }));
}
