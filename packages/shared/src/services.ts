/**
 * Provider services, 'Meus Serviços' (spec 2 §2.13, §3 "Service", §5 "Services", §7.5, §8): a service
 * provider keeps a list of service offers (title, description, free-text price, image, link) that
 * institutions see in the marketplace later. Each service belongs to the user's provider; the calls
 * read and change only that provider's services.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { idParam, messageResponse } from './validation';

export const SERVICE_MSG = {
  required: MSG.required,
  invalidUrl: 'Você precisa inserir uma url válida',
  successTitle: 'Sucesso!',
  errorTitle: 'Ops ...',
  created: 'Serviço cadastrado com sucesso!',
  updated: 'Serviço atualizado com sucesso!',
  deleted: 'Serviço excluído com sucesso!',
  saveFail: 'Algo inesperado aconteceu.',
  /** Spec 2 §8: a failed deletion shows the reload message. */
  deleteFail: 'Algo inesperado aconteceu ao recarregar os dados.',
  deleteConfirmTitle: 'Tem certeza que deseja excluir este serviço?',
  deleteConfirm: 'Esta ação não pode ser desfeita: o serviço excluído não poderá ser recuperado.',
  empty: 'Nenhum serviço cadastrado',
  noMatch: 'Nenhum serviço encontrado para esta busca.',
  notFound: 'Serviço não encontrado.',
  noProvider: 'Usuário sem fornecedor vinculado: não há serviços disponíveis.',
  tooMany: (max: number) => `Limite de ${max} serviços atingido. Exclua um serviço antes de cadastrar outro.`,
} as const;

export const SERVICE_LIMITS = {
  titleMax: LIMITS.nameMax,
  descriptionMax: LIMITS.textMax,
  priceMax: 500,
  urlMax: 2000,
  /** A provider's own list is short; a cap keeps it so. */
  perProvider: 100,
} as const;

/** Who keeps services: the service providers (menu 'Meus Serviços', see access.ts). */
export const SERVICE_OWNER_TYPES = ['serviceProvider'] as const satisfies readonly UserType[];

/** An absolute http(s) address with a host (no spaces). */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
    return url.hostname.includes('.') || url.hostname === 'localhost';
  } catch {
    return false;
  }
}

/** A file this server stored (an upload answers `/uploads/<folder>/<name>`). */
export function isUploadPath(value: string): boolean {
  return /^\/uploads\/[A-Za-z0-9._/-]+$/.test(value) && !value.split('/').includes('..');
}

export const isServiceImageUrl = (value: string) => isHttpUrl(value) || isUploadPath(value);
export const isServiceLinkUrl = (value: string) => isHttpUrl(value);

const text = (max: number) =>
  z.string({ error: SERVICE_MSG.required }).trim().min(1, SERVICE_MSG.required).max(max, `Máximo de ${max} caracteres`);

/** An optional address: an empty string counts as absent. */
const optionalUrl = (check: (v: string) => boolean) =>
  z
    .string({ error: SERVICE_MSG.invalidUrl })
    .trim()
    .max(SERVICE_LIMITS.urlMax, SERVICE_MSG.invalidUrl)
    .refine((v) => v === '' || check(v), SERVICE_MSG.invalidUrl)
    .transform((v) => v || undefined)
    .optional();

/** An address in an update: null (or '') removes it. */
const clearableUrl = (check: (v: string) => boolean) =>
  z
    .string({ error: SERVICE_MSG.invalidUrl })
    .trim()
    .max(SERVICE_LIMITS.urlMax, SERVICE_MSG.invalidUrl)
    .refine((v) => v === '' || check(v), SERVICE_MSG.invalidUrl)
    .transform((v) => v || null)
    .nullable()
    .optional();

/**
 * POST /providers/services (spec 2 §5): title, description and price required; image and link
 * optional, valid addresses when present (the image may be an uploaded `/uploads/...` file).
 */
export const serviceCreateBody = z.strictObject({
  title: text(SERVICE_LIMITS.titleMax),
  description: text(SERVICE_LIMITS.descriptionMax),
  price: text(SERVICE_LIMITS.priceMax),
  image: optionalUrl(isServiceImageUrl),
  link: optionalUrl(isServiceLinkUrl),
});
export type ServiceCreateBody = z.input<typeof serviceCreateBody>;

/**
 * PUT /providers/services/:id: every field optional (a field left out stays as it is); a text that is
 * sent cannot be empty; image and link accept null to remove them.
 */
export const serviceUpdateBody = z.strictObject({
  title: text(SERVICE_LIMITS.titleMax).optional(),
  description: text(SERVICE_LIMITS.descriptionMax).optional(),
  price: text(SERVICE_LIMITS.priceMax).optional(),
  image: clearableUrl(isServiceImageUrl),
  link: clearableUrl(isServiceLinkUrl),
});
export type ServiceUpdateBody = z.input<typeof serviceUpdateBody>;

export const providerService = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  price: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderService = z.infer<typeof providerService>;

/**
 * The forms of the web (spec 2 §5 "Services"). New: title, description and price required ('Campo
 * Obrigatório'); image and link optional, valid addresses when filled. Edit: every field optional;
 * image and link must still be addresses.
 */
const formUrl = (check: (v: string) => boolean) =>
  z.string().trim().refine((v) => v === '' || (v.length <= SERVICE_LIMITS.urlMax && check(v)), SERVICE_MSG.invalidUrl);
const formText = (max: number, required: boolean) =>
  required ? text(max) : z.string().trim().max(max, `Máximo de ${max} caracteres`);

export function serviceFormSchema(mode: 'create' | 'edit') {
  const required = mode === 'create';
  return z.object({
    title: formText(SERVICE_LIMITS.titleMax, required),
    description: formText(SERVICE_LIMITS.descriptionMax, required),
    price: formText(SERVICE_LIMITS.priceMax, required),
    image: formUrl(isServiceImageUrl),
    link: formUrl(isServiceLinkUrl),
  });
}
export interface ServiceFormValues {
  title: string;
  description: string;
  price: string;
  image: string;
  link: string;
}

/** The create call from the form: empty optional fields are left out (spec 2 §5). */
export function serviceCreateFromForm(v: ServiceFormValues): ServiceCreateBody {
  const body: ServiceCreateBody = { title: v.title.trim(), description: v.description.trim(), price: v.price.trim() };
  if (v.image.trim()) body.image = v.image.trim();
  if (v.link.trim()) body.link = v.link.trim();
  return body;
}

/**
 * The update call from the edit form: empty texts are left out (they stay as they were); an image or
 * link emptied by the user is sent as null (removed), an empty one that was already absent is left out.
 */
export function serviceUpdateFromForm(v: ServiceFormValues, before: Pick<ProviderService, 'image' | 'link'>): ServiceUpdateBody {
  const body: ServiceUpdateBody = {};
  for (const key of ['title', 'description', 'price'] as const) if (v[key].trim()) body[key] = v[key].trim();
  for (const key of ['image', 'link'] as const) {
    const value = v[key].trim();
    if (value) body[key] = value;
    else if (before[key]) body[key] = null;
  }
  return body;
}

export const servicesRoutes = {
  list: defineRoute({
    method: 'GET', path: '/providers/services', tag: 'services', summary: 'Serviços do fornecedor do usuário (mais recentes primeiro)',
    access: SERVICE_OWNER_TYPES, response: z.array(providerService),
  }),
  create: defineRoute({
    method: 'POST', path: '/providers/services', tag: 'services', summary: 'Cadastrar um serviço (título, descrição, preço; imagem e link opcionais)',
    access: SERVICE_OWNER_TYPES, body: serviceCreateBody, response: providerService,
  }),
  update: defineRoute({
    method: 'PUT', path: '/providers/services/:id', tag: 'services', summary: 'Editar um serviço do próprio fornecedor (campos omitidos ficam como estão; null remove imagem ou link)',
    access: SERVICE_OWNER_TYPES, params: idParam, body: serviceUpdateBody, response: providerService,
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/providers/services/:id', tag: 'services', summary: 'Excluir um serviço do próprio fornecedor (não pode ser recuperado)',
    access: SERVICE_OWNER_TYPES, params: idParam, response: messageResponse,
  }),
} as const;
