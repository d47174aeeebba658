/**
 * Share links for students (spec 3 §2.14 'Gerar link provisório', §2.15 share-link button, §7
 * "Create temporary share links (with LMS key, subject or item)"): a link to a unit (item id) or to a subject, signed
 * by the server (HMAC-SHA256) so it can be neither forged nor extended. It names the institution, the target, an
 * optional student id, an optional expiry and the institution's LMS-key generation: generating a new LMS key revokes
 * every older link. It stops working as soon as the rental of the unit's provider is no longer active. The page the
 * link opens is the student viewer (student.ts); here the link is created and verified.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { idParam, idSchema } from './validation';

export const SHARE_KINDS = ['unit', 'subject'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Who may create links: the institution's seller and content manager; never the assistant. */
export const SHARE_LINK_TYPES = ['seller', 'seller_content_manager'] as const;
/** 'Gerar link provisório': a temporary link lasts this many days (the institution needs the `tempLinks` grant). */
export const SHARE_LINK_TEMP_DAYS = 7;
/** The path of the student viewer the link opens, with `?token=`. */
export const SHARE_LINK_PATH = '/student/link';
export const STUDENT_ID_MAX = 200;
/**
 * The student id of an LMS user launched through LTI: `lti:<connection id>:<sub>`, or
 * `lti:<connection id>#<sha256 of the sub>` for a long one. Typed identifiers (and a share link's student, an LMS's
 * `student` parameter) may not start with it, so they never meet an LTI student (student.ts `studentIdSchema`).
 */
export const LTI_STUDENT_PREFIX = 'lti:';

export const SHARE_MSG = {
  copy: 'Copiar link para alunos',
  studentIdReserved: 'Identificadores que começam com "lti:" são reservados aos alunos que entram pelo LMS (LTI). Use outro identificador.',
  temporary: 'Gerar link provisório',
  copied: 'Link copiado para a área de transferência!',
  copiedTemporary: (days: number) => `Link provisório copiado! Ele vale por ${days} dias.`,
  copyFail: 'Não foi possível copiar o link. Copie-o abaixo:',
  /** The dialog that shows the link made (copied or not). */
  linkLabel: 'Link para alunos',
  copyAgain: 'Copiar',
  copiedShort: 'Copiado',
  validUntil: (date: string) => `Válido até ${date}.`,
  permanent: 'Sem data de validade: vale até a instituição gerar uma nova chave LMS.',
  createFail: 'Não foi possível gerar o link. Tente novamente.',
  noTempGrant: 'Sua instituição não tem permissão para gerar links provisórios. Fale com a equipe Saber Compartilhado.',
  /** Verification refusals (pt-BR, shown by the student viewer). */
  invalid: 'Link inválido. Peça um novo link à sua instituição.',
  expired: 'Este link expirou. Peça um novo link à sua instituição.',
  revoked: 'Este link foi revogado pela instituição. Peça um novo link.',
  unavailable: 'Este conteúdo não está mais disponível para a sua instituição.',
} as const;

export const shareLinkBody = z.strictObject({
  /** true: 'Gerar link provisório' (expires in SHARE_LINK_TEMP_DAYS days); false/absent: a permanent link. */
  temporary: z.boolean({ error: MSG.invalidValue }).optional(),
  /** The student the link is for (e.g. the LMS user id); absent: any student of the institution. */
  studentId: z
    .string({ error: MSG.invalidValue })
    .trim()
    .min(1, MSG.invalidValue)
    .max(STUDENT_ID_MAX, MSG.invalidValue)
    .refine((v) => !v.startsWith(LTI_STUDENT_PREFIX), SHARE_MSG.studentIdReserved)
    .optional(),
  /** A unit link made from a subject: the version the subject keeps (opt-in updates); absent: the published one. */
  itemContentId: idSchema(MSG.invalidValue).optional(),
});
export type ShareLinkBody = z.input<typeof shareLinkBody>;

export const shareLinkReply = z.object({
  url: z.string(),
  token: z.string(),
  /** ISO date; null for a permanent link. */
  expiresAt: z.string().nullable(),
});

export const verifyQuery = z.strictObject({ token: z.string({ error: SHARE_MSG.invalid }).min(1, SHARE_MSG.invalid).max(2000, SHARE_MSG.invalid) });

const sharedUnit = z.object({ itemId: z.number(), itemContentId: z.number(), title: z.string() });
export const verifyReply = z.object({
  kind: z.enum(SHARE_KINDS),
  sellerId: z.number(),
  studentId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** For a subject link. */
  subject: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** What the link opens now: the unit, or the subject's units whose rental is active (in the subject's order). */
  units: z.array(sharedUnit),
  /** A link an LTI launch minted: `grades` when the LMS takes the student's answers as a score (AGS). */
  lti: z.object({ grades: z.boolean() }).nullable().default(null),
});
export type VerifiedLink = z.infer<typeof verifyReply>;

export const shareLinksRoutes = {
  unit: defineRoute({
    method: 'POST', path: '/sellers/share-links/unit/:id', tag: 'share-links',
    summary: 'Gerar um link assinado de uma unidade (id do item) para alunos; temporary=true: provisório (concessão tempLinks)',
    access: SHARE_LINK_TYPES, params: idParam, body: shareLinkBody, response: shareLinkReply,
  }),
  subject: defineRoute({
    method: 'POST', path: '/sellers/share-links/subject/:id', tag: 'share-links',
    summary: 'Gerar um link assinado de uma disciplina da instituição para alunos',
    access: SHARE_LINK_TYPES, params: idParam, body: shareLinkBody, response: shareLinkReply,
  }),
  verify: defineRoute({
    method: 'GET', path: '/student/link/verify', tag: 'share-links',
    summary: 'Verificar um link de aluno: o que ele abre, ou por que não vale (expirado, forjado, revogado, aluguel encerrado)',
    access: 'public', query: verifyQuery, response: verifyReply,
  }),
} as const;
