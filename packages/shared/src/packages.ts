/**
 * Delivering a unit (spec 3 §2.13 "Download button", §7 "Catalogue", §8, §9): the unit
 * package (a zip of one unit version: its HTML, its media, its question bank), built by a background job and kept per
 * version, and the AI review file of a unit's text.
 *
 * Who: staff and the unit's provider users always (for a version they may read); an institution's users only for the
 * units of their ACTIVE rentals (the access gate's unit.read) AND only when an admin granted the institution
 * `packages` (resp. `reviewFiles`) — the spec's "certain specific user ids get extra buttons" as a grant.
 */
import { z } from 'zod';
import { PROVIDER_TYPES, SELLER_TYPES, STAFF_TYPES } from './access';
import { defineRoute } from './contract';
import { idParam } from './validation';
import { MSG } from './messages';

/** Who may ask for a package (the server then checks the version, the rental and the grant). */
export const PACKAGE_TYPES = [...STAFF_TYPES, ...PROVIDER_TYPES, ...SELLER_TYPES] as const;
/**
 * Who may ask for a review file: staff, and institutions granted `reviewFiles` (not the unit's author). Not the
 * assistant: a review file spends the institution's AI quota, and the assistant only reads (spec 3 §6).
 */
export const REVIEW_FILE_TYPES = [...STAFF_TYPES, 'seller', 'seller_content_manager'] as const;

/** none: never asked (or the version has no package yet). */
export const PACKAGE_STATUSES = ['none', 'queued', 'building', 'ready', 'failed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** Spec 3 §9 "Download cooldown 30 s in steps of 5 s". */
export const PACKAGE_COOLDOWN = { seconds: 30, stepSeconds: 5 } as const;
/** How often the button asks for the build's progress. */
export const PACKAGE_POLL_MS = 1000;
/** A build still queued or building after this long is taken as lost (the process stopped) and may be asked again. */
export const PACKAGE_STALE_MS = 10 * 60 * 1000;

/**
 * A package is built in memory by the job: it refuses a unit referencing more files or bytes than this (the build
 * fails with PACKAGE_MSG.tooLarge) rather than exhaust the server.
 */
export const PACKAGE_LIMITS = { maxFiles: 300, maxBytes: 300 * 1024 * 1024 } as const;

export const PACKAGE_MSG = {
  tooLarge: 'A unidade tem arquivos demais para um pacote. Fale com a equipe Saber Compartilhado.',
  download: 'Baixar pacote',
  building: (progress: number) => `Gerando pacote… ${progress}%`,
  cooldown: (seconds: number) => `Aguarde ${seconds}s`,
  /** Spec 3 §8. */
  downloaded: 'Arquivo baixado com sucesso',
  failed: 'Erro ao baixar o arquivo, Tente novamente mais tarde',
  noGrant: 'Sua instituição não tem permissão para baixar pacotes de unidades. Fale com a equipe Saber Compartilhado.',
  /** The review file (spec 3 §8). */
  review: 'Gerar arquivo de revisão',
  reviewing: 'Gerando revisão…',
  reviewFailTitle: 'Erro ao gerar review',
  reviewFail: 'Não foi possível gerar o arquivo de review. Tente novamente.',
  reviewNoGrant: 'Sua instituição não tem permissão para gerar arquivos de revisão. Fale com a equipe Saber Compartilhado.',
  reviewDone: 'Arquivo de revisão gerado com sucesso',
  /** Files inside the zip. */
  questionLink: (url: string) => `O banco de questões desta unidade está em: ${url}\n`,
} as const;

export const packageState = z.object({
  itemContentId: z.number(),
  status: z.enum(PACKAGE_STATUSES),
  /** 0–100 while building; 100 when ready. */
  progress: z.number(),
  /** Bytes of the zip when ready. */
  size: z.number().nullable(),
  /** The file name the download gets. */
  fileName: z.string(),
});
export type PackageState = z.infer<typeof packageState>;

export const packageFileName = (itemContentId: number) => `unidade_${itemContentId}.zip`;
export const reviewFileName = (itemContentId: number) => `review_${itemContentId}.txt`;

export const autoReviewQuery = z.strictObject({
  /** true: answer the text file review_{id}.txt (spec 3 §7); false: JSON { text }. */
  returnFile: z
    .enum(['true', 'false'], { error: MSG.invalidValue })
    .optional()
    .transform((v) => v === 'true'),
});

export const packagesRoutes = {
  request: defineRoute({
    method: 'POST', path: '/items/item/content/:id/package', tag: 'packages',
    summary: 'Pedir o pacote (zip) de uma versão de unidade: HTML, mídias e banco de questões; gerado em segundo plano e guardado por versão',
    access: PACKAGE_TYPES, params: idParam, response: packageState,
  }),
  status: defineRoute({
    method: 'GET', path: '/items/item/content/:id/package', tag: 'packages',
    summary: 'Situação e progresso do pacote de uma versão de unidade',
    access: PACKAGE_TYPES, params: idParam, response: packageState,
  }),
  file: defineRoute({
    method: 'GET', path: '/items/item/content/:id/package/file', tag: 'packages',
    summary: 'Baixar o pacote pronto (application/zip)',
    access: PACKAGE_TYPES, params: idParam, response: z.string().describe('O arquivo zip'),
  }),
  autoReview: defineRoute({
    method: 'POST', path: '/items/item/content/:id/auto-review', tag: 'packages',
    summary: 'Revisão por IA do texto da unidade (clareza, erros, adequação ao nível); returnFile=true responde review_{id}.txt',
    access: REVIEW_FILE_TYPES, params: idParam, query: autoReviewQuery, response: z.object({ text: z.string() }), rateLimit: 'ai',
  }),
} as const;
