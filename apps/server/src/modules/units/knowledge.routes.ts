import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { knowledgeRoutes as R, LEVELS_OF_LEARNING, type KnowledgeType } from '@edu/shared/knowledge';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { knowledgeAreas } from './knowledge.tables';

export function knowledgeModule(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, R.find, async () => {
    const rows = await deps.db.select().from(knowledgeAreas).orderBy(asc(knowledgeAreas.type), asc(knowledgeAreas.title));
    return rows.map((r) => ({ id: r.id, title: r.title, type: r.type as KnowledgeType }));
  });
  registerRoute(app, deps, R.levelOfLearning, async () => ({
    basic: [...LEVELS_OF_LEARNING.basic],
    university: [...LEVELS_OF_LEARNING.university],
  }));
}
