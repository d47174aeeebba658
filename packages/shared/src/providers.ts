/**
 * Providers: the admin screen (spec 3 §2.2, §4, §6, §7 "Providers and plans") and the provider data
 * edited in Meu Perfil (spec 1 §2.11, §5 "Profile", §7 "Provider updates").
 */
import { z } from 'zod';
import type { UserType } from './access';
import { PROFILE_TYPES } from './auth';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { defineRoute } from './contract';
import { idParam, pageQuery, idSchema } from './validation';

/** Statuses a provider row may hold: review (sign-up) and pending both mean "under analysis". */
export const PROVIDER_STATUSES = ['review', 'pending', 'active', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** Labels of spec 3 §4 as the admin screen shows them (the brief maps active to Aprovado). */
export function providerStatusLabel(status: string): string {
  switch (status) {
    case 'review':
    case 'pending':
      return 'Análise';
    case 'active':
    case 'approved':
      return 'Aprovado';
    case 'rejected':
      return 'Reprovado';
    case 'inative':
      return 'Inativo';
    case 'exclused':
      return 'Excluído';
    default:
      return status;
  }
}

/** Chip colour of spec 1 §4: active green, rejected red, analysis yellow. */
export function providerStatusColor(status: string): 'green' | 'red' | 'yellow' | 'gray' {
  if (status === 'active' || status === 'approved') return 'green';
  if (status === 'rejected' || status === 'exclused') return 'red';
  if (status === 'review' || status === 'pending') return 'yellow';
  return 'gray';
}

/** The statuses of a provider awaiting the platform team's analysis ('Em análise'). */
export const PROVIDER_REVIEW_STATUSES = ['review', 'pending'] as const satisfies readonly ProviderStatus[];
export const isProviderInReview = (status: string) => (PROVIDER_REVIEW_STATUSES as readonly string[]).includes(status);
/** Approved by staff: the only status in which the provider's units may be sent to analysis (unit-lifecycle.ts). */
export const isProviderApproved = (status: string) => status === 'active';

/** The filter of the admin screen: Todos (no status), Em análise, Aprovados, Reprovados. */
export const PROVIDER_FILTER_STATUSES = ['review', 'active', 'rejected'] as const;
export type ProviderFilterStatus = (typeof PROVIDER_FILTER_STATUSES)[number];

export const PROVIDER_CONDITIONS = ['basic', 'premium'] as const;
export type ProviderCondition = (typeof PROVIDER_CONDITIONS)[number];

/** Who administers providers (spec 3 §6): admin and director. */
export const PROVIDER_ADMIN_TYPES = ['admin', 'director'] as const satisfies readonly UserType[];
/** Who edits provider data (spec 1 §6): the provider's own provider/serviceProvider users, and the provider admins. */
export const PROVIDER_EDITOR_TYPES = ['admin', 'director', 'provider', 'serviceProvider'] as const satisfies readonly UserType[];

export const providerRow = z.object({
  id: z.number(),
  companyName: z.string(),
  /** The responsible person. */
  name: z.string(),
  email: z.string(),
  typePerson: z.string(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  status: z.string(),
  condition: z.enum(PROVIDER_CONDITIONS),
  isServiceProvider: z.boolean(),
  createdAt: z.string(),
});
export type ProviderRow = z.infer<typeof providerRow>;

export const providersFilterQuery = z.strictObject({
  status: z.enum(PROVIDER_FILTER_STATUSES, { error: MSG.invalidValue }).optional(),
  /** Searched in company name, responsible name and e-mail, ignoring accents and case. */
  name: z.string().trim().max(LIMITS.nameMax, MSG.invalidValue).optional(),
  typePerson: z.enum(PROFILE_TYPES, { error: MSG.invalidValue }).optional(),
  /** 'date' = Mais Recentes (newest first, the default); 'name' = A-Z by company name. */
  order: z.enum(['name', 'date'], { error: MSG.invalidValue }).default('date'),
  ...pageQuery,
});
export type ProvidersFilterQuery = z.input<typeof providersFilterQuery>;

export const providerCounts = z.object({ all: z.number(), review: z.number(), active: z.number(), rejected: z.number() });

export const providersPage = z.object({
  data: z.array(providerRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** Per status, with the search and type filters applied (not the status filter). */
  counts: providerCounts,
});
export type ProvidersPage = z.infer<typeof providersPage>;

export const providerStatusBody = z.strictObject({
  ids: z.array(idSchema(MSG.invalidValue), { error: MSG.required }).min(1, MSG.required).max(100, MSG.invalidValue),
  status: z.enum(['active', 'rejected'], { error: MSG.invalidValue }),
});

export const providerConditionBody = z.strictObject({
  condition: z.enum(PROVIDER_CONDITIONS, { error: MSG.invalidValue }),
});

/** The provider as its own users (and the provider admins) see it in Meu Perfil. */
export const providerProfile = providerRow.omit({ createdAt: true }).extend({
  description: z.string().nullable(),
  imgLogoUrl: z.string().nullable(),
  imgCoverUrl: z.string().nullable(),
  linkedin: z.string().nullable(),
  lattes: z.string().nullable(),
  professional_experience: z.string().nullable(),
  knowledgeLevel: z.array(z.number()),
});
export type ProviderProfile = z.infer<typeof providerProfile>;

export const isLiberal = (typePerson: string) => typePerson === 'Profissional Liberal';

const requiredLink = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(500, MSG.mustBeLink)
    .refine((v) => /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), MSG.mustBeLink);

const providerFields = {
  companyName: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(LIMITS.nameMax, `Máximo de ${LIMITS.nameMax} caracteres`),
  /** The advertising description (provider_description). */
  description: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(LIMITS.textMax, `Máximo de ${LIMITS.textMax} caracteres`),
  linkedin: requiredLink(),
  lattes: requiredLink(),
  professional_experience: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(LIMITS.textMax, `Máximo de ${LIMITS.textMax} caracteres`),
  knowledgeLevel: z
    .array(z.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).max(6, MSG.invalidValue), { error: MSG.requiredLower })
    .min(1, MSG.requiredLower)
    .max(6, MSG.invalidValue),
};

/**
 * PUT /providers/update/:id. Every field is optional (a field left out stays as it is) but a field
 * that is sent must be valid: companyName and description cannot be emptied. The independent
 * professional's fields (linkedin, lattes, professional_experience, knowledgeLevel) are kept only for
 * a 'Profissional Liberal'. imgLogoUrl/imgCoverUrl accept null (delete the image) or the current URL
 * (no change); a new image is sent through the logo and cover uploads.
 */
export const providerUpdateBody = z.strictObject({
  id: idSchema(MSG.invalidValue).optional(),
  companyName: providerFields.companyName.optional(),
  description: providerFields.description.optional(),
  linkedin: providerFields.linkedin.optional(),
  lattes: providerFields.lattes.optional(),
  professional_experience: providerFields.professional_experience.optional(),
  knowledgeLevel: providerFields.knowledgeLevel.optional(),
  imgLogoUrl: z.string({ error: MSG.invalidValue }).max(500, MSG.invalidValue).nullable().optional(),
  imgCoverUrl: z.string({ error: MSG.invalidValue }).max(500, MSG.invalidValue).nullable().optional(),
});
export type ProviderUpdateBody = z.input<typeof providerUpdateBody>;

/** The provider part of the profile form (spec 1 §5 "Profile"): every field required for its type. */
export function providerProfileSchema(liberal: boolean) {
  const base = { companyName: providerFields.companyName, description: providerFields.description };
  return liberal
    ? z.object({
        ...base,
        linkedin: providerFields.linkedin,
        lattes: providerFields.lattes,
        professional_experience: providerFields.professional_experience,
        knowledgeLevel: providerFields.knowledgeLevel,
      })
    : z.object(base);
}

/** The fields a 'Profissional Liberal' must have once its profile is saved. */
export const LIBERAL_FIELDS = ['linkedin', 'lattes', 'professional_experience', 'knowledgeLevel'] as const;

const imageReply = z.object({ url: z.string() });

export const providersRoutes = {
  filter: defineRoute({
    method: 'GET', path: '/providers/filter', tag: 'providers', summary: 'Listar fornecedores (status, busca, tipo, ordem, página) com contagens por status',
    access: PROVIDER_ADMIN_TYPES, query: providersFilterQuery, response: providersPage,
  }),
  search: defineRoute({
    method: 'GET', path: '/providers/search', tag: 'providers', summary: 'Buscar fornecedores: o mesmo que /providers/filter',
    access: PROVIDER_ADMIN_TYPES, query: providersFilterQuery, response: providersPage,
  }),
  status: defineRoute({
    method: 'PUT', path: '/providers/status', tag: 'providers', summary: 'Aprovar (active) ou reprovar (rejected) fornecedores',
    access: PROVIDER_ADMIN_TYPES, body: providerStatusBody, response: z.object({ updated: z.number(), message: z.string() }),
  }),
  condition: defineRoute({
    method: 'PUT', path: '/providers/condition/:id', tag: 'providers', summary: 'Alterar a condição do fornecedor (basic ou premium)',
    access: PROVIDER_ADMIN_TYPES, params: idParam, body: providerConditionBody, response: z.object({ id: z.number(), condition: z.enum(PROVIDER_CONDITIONS), message: z.string() }),
  }),
  view: defineRoute({
    method: 'GET', path: '/providers/view/:id', tag: 'providers', summary: 'Ver os dados do fornecedor (o próprio, ou qualquer um para admin e diretor)',
    access: PROVIDER_EDITOR_TYPES, params: idParam, response: providerProfile,
  }),
  update: defineRoute({
    method: 'PUT', path: '/providers/update/:id', tag: 'providers', summary: 'Editar os dados do fornecedor (null em imgLogoUrl/imgCoverUrl exclui a imagem)',
    access: PROVIDER_EDITOR_TYPES, params: idParam, body: providerUpdateBody, response: providerProfile,
  }),
  logo: defineRoute({
    method: 'PUT', path: '/providers/logo/:id', tag: 'providers', summary: 'Enviar o logo do fornecedor (campo images)',
    access: PROVIDER_EDITOR_TYPES, params: idParam, multipart: true, response: imageReply, rateLimit: 'upload', idempotent: true,
  }),
  cover: defineRoute({
    method: 'PUT', path: '/providers/cover/:id', tag: 'providers', summary: 'Enviar a imagem de capa do fornecedor (campo images)',
    access: PROVIDER_EDITOR_TYPES, params: idParam, multipart: true, response: imageReply, rateLimit: 'upload', idempotent: true,
  }),
} as const;
