import { z } from 'zod';
import { defineRoute } from './contract';

export const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'error']),
  jobs: z.enum(['ok', 'error']),
});

export const systemRoutes = {
  health: defineRoute({
    method: 'GET', path: '/health', tag: 'system', summary: 'Saúde do serviço', access: 'public', response: healthReply,
  }),
  config: defineRoute({
    method: 'GET', path: '/public-config', tag: 'system', summary: 'Links e textos configuráveis do site', access: 'public',
    response: z.object({
      privacyPolicyUrl: z.string(),
      termsOfUseUrl: z.string(),
      supportFormUrl: z.string(),
      supportChatUrl: z.string(),
    }),
  }),
} as const;
