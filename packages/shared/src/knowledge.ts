/** Knowledge areas and learning levels (spec 2 §3, §7.1): the vocabulary units are classified with. */
import { z } from 'zod';
import { textIdSchema, INT_MAX } from './validation';
import { defineRoute } from './contract';
import { MSG } from './messages';

export const KNOWLEDGE_TYPES = ['university', 'basic'] as const;
export type KnowledgeType = (typeof KNOWLEDGE_TYPES)[number];

/** The two groups of learning levels (spec 2 §3 "Level-of-learning constants"). */
export const LEVELS_OF_LEARNING: Record<KnowledgeType, readonly string[]> = {
  basic: [
    'Educação Infantil',
    'Ensino Fundamental - Anos Iniciais',
    'Ensino Fundamental - Anos Finais',
    'Ensino Médio',
    'Educação de Jovens e Adultos',
    'Educação Profissional e Técnica',
  ],
  university: ['Graduação', 'Graduação Tecnológica', 'Licenciatura', 'Pós-Graduação Lato Sensu', 'Mestrado', 'Doutorado'],
};

/** A comma-joined list in a query ('1,2,3', or 'premium','basic' as the spec writes it), or repeated keys. */
export const commaParts = z
  .union([z.string(), z.array(z.string())], { error: MSG.invalidValue })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim().replace(/^['"]|['"]$/g, ''))
      .filter(Boolean),
  );
export const listOf = <T extends z.ZodType>(item: T) => z.array(item, { error: MSG.invalidValue }).max(50, MSG.invalidValue);

/** Unit filters in a query: knowledge-area ids and learning levels, comma-joined (store, catalogue, subjects). */
export const knowledgeIdsParam = commaParts.pipe(listOf(textIdSchema<string>(MSG.invalidValue))).optional();
export const levelsParam = commaParts.pipe(listOf(z.string().max(200, MSG.invalidValue))).optional();

/** One knowledge area's units a page at a time ('Mostrar mais'; NO_AREA_ID for units without one): store and catalogue. */
export const unitGroupPageParams = {
  group: z.coerce.number({ error: MSG.invalidValue }).int().min(0, MSG.invalidValue).max(INT_MAX, MSG.invalidValue).optional(),
  page: z.coerce.number({ error: MSG.invalidValue }).int().positive(MSG.invalidValue).max(100_000, MSG.invalidValue).default(1),
};

/** The group of units without a knowledge area (published_unit_areas.knowledge_id 0): shown last, under this title. */
export const NO_AREA_ID = 0;
export const NO_AREA_TITLE = 'Sem área de conhecimento';

/** Units grouped by knowledge area (store provider page, catalogue): each area's count and the units answered. */
export const unitGroupOf = <T extends z.ZodTypeAny>(unit: T) =>
  z.object({ knowledgeId: z.number(), title: z.string(), total: z.number(), units: z.array(unit) });

export const knowledgeArea = z.object({ id: z.number(), title: z.string(), type: z.enum(KNOWLEDGE_TYPES) });
export type KnowledgeArea = z.infer<typeof knowledgeArea>;

export const knowledgeRoutes = {
  find: defineRoute({
    method: 'GET', path: '/items/knowledge/find', tag: 'units', summary: 'Áreas de conhecimento (superior e básica)',
    access: 'authenticated', response: z.array(knowledgeArea),
  }),
  levelOfLearning: defineRoute({
    method: 'GET', path: '/items/constants/levelOfLearning', tag: 'units', summary: 'Níveis de aprendizagem (básico e superior)',
    access: 'authenticated', response: z.object({ basic: z.array(z.string()), university: z.array(z.string()) }),
  }),
} as const;
