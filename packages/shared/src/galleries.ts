/**
 * Galleries and uploads (spec 2 §2.10, §5 "Files", §7.4): each provider has galleries by kind (images,
 * infographics, questions, pdfs). Uploads go into the provider's gallery of that kind (created on
 * demand); the path id of an upload is the provider id. Stock photos come through the server from a
 * Pixabay-compatible API when a key is configured.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { idParam, idSchema } from './validation';

export const GALLERY_KINDS = ['images', 'infographics', 'questions', 'pdfs'] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

export const GALLERY_LABELS: Record<GalleryKind, string> = {
  images: 'Imagens',
  infographics: 'Infográficos',
  questions: 'Bancos de questões',
  pdfs: 'PDFs',
};

/** Accepted file extensions per gallery (checked by content on the server). */
export const GALLERY_ACCEPT: Record<GalleryKind, readonly string[]> = {
  images: ['jpg', 'jpeg', 'png', 'gif'],
  infographics: ['zip'],
  questions: ['doc', 'docx', 'pdf'],
  pdfs: ['pdf'],
};

/** Upload limit of the own-units and services screens (spec 2 §5, §9). */
export const UNIT_UPLOAD_BYTES = 30 * 1024 * 1024;
export const GALLERY_PAGE_SIZE = 15;
export const STOCK_PAGE_SIZE = 21;
export const STOCK_DEBOUNCE_MS = 1000;
export const STOCK_TIMEOUT_MS = 100000;
export const INFOGRAPHIC_DEFAULT_HEIGHT = '650px';

/** Zip safety limits for infographics. */
export const ZIP_LIMITS = { maxEntries: 500, maxTotalBytes: 200 * 1024 * 1024, maxRatio: 100 } as const;

export const GALLERY_MSG = {
  tooLarge: 'Arquivo maior do que 30 MB.',
  notSupported: 'Arquivo não suportado',
  uploadFail: 'Ocorreu um erro durante seu upload.',
  uploadCancelledTitle: 'Envio cancelado',
  uploadCancelled: (name: string) => `O envio de "${name}" foi cancelado. Nenhum arquivo foi guardado.`,
  /** The body is all sent: the server checks and stores the file (no longer cancellable). */
  uploadProcessing: 'Verificando o arquivo…',
  infographicSent: 'Infografico enviado com sucesso',
  zipUnsafe: 'Arquivo zip inválido ou inseguro: verifique se ele contém apenas os arquivos do infográfico.',
  zipNoIndex: 'O arquivo zip deve conter um index.html na raiz.',
  noProvider: 'Usuário sem fornecedor: não há galeria disponível.',
  stockDisabled: 'A busca de imagens não está disponível.',
  stockFail: 'Não foi possível buscar imagens agora. Tente novamente mais tarde.',
} as const;

/** Provider users work on their own provider's galleries; staff read any (review screens). */
export const GALLERY_OWNER_TYPES = ['provider', 'editor', 'serviceProvider'] as const satisfies readonly UserType[];
export const GALLERY_READER_TYPES = [...GALLERY_OWNER_TYPES, 'admin', 'director', 'manager', 'curator', 'review'] as const satisfies readonly UserType[];

export const galleryRow = z.object({ id: z.number(), name: z.string() });
export const galleryFile = z.object({ id: z.number(), filename: z.string(), url: z.string(), createdAt: z.string() });
export type GalleryFile = z.infer<typeof galleryFile>;
export const stockHit = z.object({ id: z.number(), previewURL: z.string(), largeImageURL: z.string(), tags: z.string().optional() });
export type StockHit = z.infer<typeof stockHit>;
/** One stored upload (the upload routes answer a list whose first entry is the file). */
export const uploadedFile = z.object({ id: z.number(), filename: z.string(), url: z.string() });
export type UploadedFile = z.infer<typeof uploadedFile>;

const upload = (kind: GalleryKind) =>
  defineRoute({
    method: 'POST', path: `/galleries/upload/${kind}/:id`, tag: 'galleries',
    summary: `Enviar arquivo para a galeria ${GALLERY_LABELS[kind]} do fornecedor (campo ${kind}; ${GALLERY_ACCEPT[kind].join(', ')}; até 30 MB)`,
    access: GALLERY_OWNER_TYPES, params: idParam, multipart: true, rateLimit: 'upload', idempotent: true,
    response: z.array(uploadedFile),
  });

export const galleriesRoutes = {
  byProvider: defineRoute({
    method: 'GET', path: '/galleries/provider/:id', tag: 'galleries', summary: 'Galerias de um fornecedor',
    access: GALLERY_READER_TYPES, params: idParam, response: z.array(galleryRow),
  }),
  details: defineRoute({
    method: 'GET', path: '/galleries/details/:id', tag: 'galleries', summary: 'Arquivos de uma galeria (15 por página)',
    access: GALLERY_READER_TYPES, params: idParam,
    query: z.strictObject({ page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1) }),
    response: z.object({ id: z.number(), name: z.string(), files: z.array(galleryFile), total: z.number() }),
  }),
  create: defineRoute({
    method: 'POST', path: '/gallery/create', tag: 'galleries', summary: 'Criar galeria',
    access: GALLERY_OWNER_TYPES,
    body: z.strictObject({ provider_id: idSchema(), name: z.enum(GALLERY_KINDS, { error: MSG.invalidValue }) }),
    response: galleryRow,
  }),
  uploadImages: upload('images'),
  uploadInfographics: upload('infographics'),
  uploadQuestions: upload('questions'),
  uploadPdfs: upload('pdfs'),
  stockStatus: defineRoute({
    method: 'GET', path: '/galleries/stock/status', tag: 'galleries', summary: 'A busca de imagens (banco de fotos) está configurada?',
    access: GALLERY_OWNER_TYPES, response: z.object({ enabled: z.boolean() }),
  }),
  stockSearch: defineRoute({
    method: 'GET', path: '/galleries/stock', tag: 'galleries', summary: 'Buscar fotos no banco de imagens (21 por página)',
    access: GALLERY_OWNER_TYPES, rateLimit: 'upload',
    query: z.strictObject({
      term: z.string().trim().min(1, MSG.required).max(100, MSG.invalidValue),
      page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).max(25, MSG.invalidValue).default(1),
    }),
    response: z.object({ hits: z.array(stockHit), total: z.number() }),
  }),
  /**
   * The stock API's image addresses are temporary and may not be hotlinked: a chosen photo is copied
   * into the provider's image gallery (path id: the provider id) and used from there. The server asks
   * the API for the photo by its id, so only addresses the configured API answers are ever fetched.
   */
  stockImport: defineRoute({
    method: 'POST', path: '/galleries/stock/import/:id', tag: 'galleries',
    summary: 'Copiar uma foto do banco de imagens para a galeria de imagens do fornecedor',
    access: GALLERY_OWNER_TYPES, params: idParam, rateLimit: 'upload', idempotent: true,
    body: z.strictObject({ stockId: idSchema(MSG.invalidValue) }),
    response: z.array(uploadedFile),
  }),
} as const;
