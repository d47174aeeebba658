import { z } from 'zod';
import { defineRoute } from './contract';

export const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'error']),
  jobs: z.enum(['ok', 'error']),
  /** When degraded (503): what does not answer, in pt-BR. */
  message: z.string().optional(),
});

/** Spec 1 §2.16, in order; the video ids come from TUTORIAL_VIDEO_IDS (same order). */
export const TUTORIAL_TITLES = [
  'Como acessar a plataforma',
  'Alterando suas credenciais: nome, e-mail, senha e imagem de perfil',
  'Adicionando usuários',
  'Meu catálogo',
  'Disciplinas',
  'Cursos',
  'Vinculando unidades de ensino ao LMS',
  'Loja de fornecedores',
] as const;
/** A YouTube video id. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

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
      /** Video of the LMS-key tutorial (/docs/lms/key_generator); null when not configured. */
      lmsTutorialVideoUrl: z.string().nullable(),
      /** The eight video tutorials of spec 1 §2.16; videoId is null when not configured. */
      tutorials: z.array(z.object({ title: z.string(), videoId: z.string().nullable() })),
      /** The sites unit content may embed (content/embed-hosts.ts: the defaults plus EMBED_ALLOWED_HOSTS). */
      embedHosts: z.array(z.string()),
    }),
  }),
} as const;
