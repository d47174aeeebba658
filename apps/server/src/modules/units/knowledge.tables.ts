import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Knowledge areas (spec 2 §3 "Knowledge list entry"): university (advanced) or basic education. */
export const knowledgeAreas = pgTable(
  'knowledge_areas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    type: text('type').notNull(),
  },
  (t) => [uniqueIndex('knowledge_areas_type_title_unique').on(t.type, t.title), index('knowledge_areas_type_idx').on(t.type)],
);
