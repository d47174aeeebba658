/**
 * The AI activity generator (spec 1 §2.15, §5, §7 "AI generation", §9): topic, activity model and
 * duration in, the generated activity text out. Open only to institutions on the allow-list.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';

/** Spec 1 §9 "AI model options"; the first is the default. */
export const AI_ACTIVITY_MODELS = [
  'Debate Estruturado',
  'Estudo de Caso Colaborativo',
  'Análise Crítica Colaborativa',
  'Seminário Virtual',
  'Resolução de Problemas',
  'Projeto Colaborativo',
] as const;
export type AiActivityModel = (typeof AI_ACTIVITY_MODELS)[number];
export const AI_DEFAULT_MODEL: AiActivityModel = 'Debate Estruturado';

/** Spec 1 §9 "AI duration options", in minutes; 90 is the default. */
export const AI_DURATIONS = [60, 90, 120, 180] as const;
export type AiDuration = (typeof AI_DURATIONS)[number];
export const AI_DEFAULT_DURATION: AiDuration = 90;
export const durationLabel = (minutes: number) => `${minutes} Minutos`;

export const AI_TOPIC_MAX = 300;
/** The menu holders of ia-activities (spec 1 §6); the server also requires the seller to be on the allow-list. */
export const AI_ACTIVITY_TYPES = ['admin', 'seller', 'seller_content_manager'] as const;

export const aiActivityBody = z.strictObject({
  topic: z
    .string({ error: MSG.aiRequired })
    .trim()
    .min(1, MSG.aiRequired)
    .max(AI_TOPIC_MAX, `Máximo de ${AI_TOPIC_MAX} caracteres`),
  model: z.enum(AI_ACTIVITY_MODELS, { error: MSG.aiRequired }),
  duration: z.coerce
    .number({ error: MSG.aiRequired })
    .refine((v): v is AiDuration => (AI_DURATIONS as readonly number[]).includes(v), MSG.aiRequired),
});
export type AiActivityBody = z.input<typeof aiActivityBody>;

export const aiRoutes = {
  access: defineRoute({
    method: 'GET', path: '/ai/access', tag: 'ai',
    summary: 'Se o gerador de atividades está configurado e liberado para a instituição do usuário',
    access: AI_ACTIVITY_TYPES, response: z.object({ configured: z.boolean(), allowed: z.boolean() }),
  }),
  activity: defineRoute({
    method: 'POST', path: '/ai/activities', tag: 'ai',
    summary: 'Gerar uma atividade com IA a partir do tema, do modelo e da duração',
    access: AI_ACTIVITY_TYPES, body: aiActivityBody, response: z.object({ text: z.string() }), rateLimit: 'ai',
  }),
} as const;
