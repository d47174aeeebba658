/**
 * Institutions (sellers) as the platform team manages them (spec 3 §2.9 /seller/control 'Instituições', §2.10
 * the access modal, §4 "Seller status", §5 "Institution form", §7 "Sellers, institutions", §8). Admin and
 * director only. The LTI connections of an institution are in lti.ts.
 */
import { z } from 'zod';
import { PLATFORM_ADMIN_TYPES } from './access';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { defineRoute } from './contract';
import { cnpj, email, idParam, pageQuery, requiredText, idSchema } from './validation';

/** The seller account view and the terms flags (spec 1 §2.13, §3 "Seller", §7 "Seller account … terms"). */
export const SELLER_STATUSES = ['active', 'pending', 'suspended'] as const;

/**
 * Why an institution is suspended when the system suspended it: `non_payment`, a charge unpaid more than
 * CHARGES.suspendAfterDaysLate days after its due date (the late-payment rule). Null for a suspension by hand (and for
 * any status set by hand): only a suspension for non-payment is lifted by paying.
 */
export const SUSPENSION_REASONS = ['non_payment'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];
export const SUSPENSION_REASON_LABELS: Record<SuspensionReason, string> = { non_payment: 'inadimplência' };

export const sellerView = z.object({
  id: z.number(),
  name: z.string(),
  cnpj: z.string(),
  companyName: z.string(),
  planId: z.number().nullable(),
  logoUrl: z.string().nullable(),
  status: z.enum(SELLER_STATUSES),
  accepted_terms: z.boolean(),
  accepted_late_payment_terms: z.boolean(),
  createdAt: z.string(),
});
export type SellerView = z.infer<typeof sellerView>;

export const sellerIdBody = z.strictObject({
  seller_id: idSchema(MSG.invalidValue, MSG.required),
});

export const sellersRoutes = {
  view: defineRoute({
    method: 'GET', path: '/sellers/view/:id', tag: 'sellers', summary: 'Ver uma instituição (os usuários da instituição veem só a sua)',
    access: ['admin', 'director', 'seller', 'seller_assistent', 'seller_content_manager'], params: idParam, response: sellerView,
  }),
  acceptTerms: defineRoute({
    method: 'POST', path: '/sellers/accepted-terms', tag: 'sellers', summary: 'Aceitar os termos de uso e a política de privacidade',
    access: ['seller'], body: sellerIdBody, response: sellerView,
  }),
  acceptLatePaymentTerms: defineRoute({
    method: 'POST', path: '/sellers/accepted-late-payment-terms', tag: 'sellers', summary: 'Aceitar o termo de inadimplência',
    access: ['seller'], body: sellerIdBody, response: sellerView,
  }),
} as const;


export type SellerStatus = (typeof SELLER_STATUSES)[number];

/** THE status in which an institution works (rents, catalogue, subjects, courses, links, LTI, LMS); every check reads it. */
export const INSTITUTION_ACTIVE_STATUS = 'active' as const satisfies SellerStatus;
export const isInstitutionActive = (status: string): boolean => status === INSTITUTION_ACTIVE_STATUS;

/** Who manages institutions: admin and director (spec 3 §1). */
export const INSTITUTION_ADMIN_TYPES = PLATFORM_ADMIN_TYPES;

/**
 * What an admin may grant an institution beyond its rentals (the spec's "certain specific user ids get
 * extra buttons" made a permission): download unit packages, generate temporary share links, generate AI review files.
 */
export const INSTITUTION_GRANTS = ['packages', 'tempLinks', 'reviewFiles'] as const;
export type InstitutionGrant = (typeof INSTITUTION_GRANTS)[number];
export const INSTITUTION_GRANT_LABELS: Record<InstitutionGrant, string> = {
  packages: 'Baixar pacotes de unidades',
  tempLinks: 'Gerar links provisórios',
  reviewFiles: 'Gerar arquivos de revisão',
};

/** Normalized: each grant once, in INSTITUTION_GRANTS order. */
export const normalizeGrants = (grants: readonly string[]): InstitutionGrant[] => INSTITUTION_GRANTS.filter((g) => grants.includes(g));
export const GRANTS_LEGEND = 'Permissões extras';

/** Badge labels of §2.9. */
export const SELLER_STATUS_LABELS: Record<SellerStatus, string> = { active: 'ATIVO', pending: 'PENDENTE', suspended: 'SUSPENSO' };
/** The manage-status modal's options (§2.12 "Manage-status modal for a seller"). */
export const SELLER_STATUS_OPTIONS: { value: SellerStatus; label: string }[] = [
  { value: 'active', label: 'Ativo' },
  { value: 'pending', label: 'Pendente' },
  { value: 'suspended', label: 'Suspenso' },
];
export const SELLER_STATUS_COLORS: Record<SellerStatus, string> = { active: 'green', pending: 'yellow', suspended: 'red' };
/** The status filter of §2.9, with counts. */
export const SELLER_FILTERS: { value: SellerStatus; label: string }[] = [
  { value: 'active', label: 'Ativos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'suspended', label: 'Suspenso' },
];

export const INSTITUTION_MSG = {
  /** Spelt so (spec 3 §2.10). */
  createTitle: 'Criar Acesso para Instiuição',
  editTitle: 'Editar Acesso da Intituição',
  emailTaken: 'Este e-mail já está cadastrado em outra instituição.',
  created: 'Usuário cadastrado com sucesso',
  /** The spec toasts the sign-up's words on an edit too; an edit says it is one (docs/decisions.md). */
  updated: 'Instituição editada com sucesso!',
  statusChanged: 'Status alterado com sucesso!',
  suspendConfirm: (name: string) => `Tem certeza que deseja suspender a instituição ${name}?`,
  suspendConfirmDetail: 'Os usuários da instituição continuam entrando na plataforma, mas perdem a loja, o carrinho e o catálogo até a reativação.',
  noUser: 'Instituição sem usuário responsável.',
  /** The shell's notice to an institution's users (every page) while it is not active. */
  suspendedNoticeTitle: 'Instituição suspensa',
  suspendedNotice:
    'O acesso da sua instituição está suspenso: a loja, o carrinho e o catálogo estão indisponíveis. Entre em contato com a equipe Saber Compartilhado para regularizar e reativar o acesso.',
  nonPaymentNoticeTitle: 'Instituição suspensa por inadimplência',
  nonPaymentNotice:
    'O acesso da sua instituição está suspenso por inadimplência: a loja, o carrinho e o catálogo voltam assim que as cobranças vencidas forem pagas.',
  overdueNoticeTitle: 'Pagamento em atraso',
  overdueNotice: (count: number) =>
    count === 1
      ? 'Sua instituição tem uma cobrança vencida. Pague pelo Pix para evitar a suspensão do acesso por inadimplência.'
      : `Sua instituição tem ${count} cobranças vencidas. Pague pelo Pix para evitar a suspensão do acesso por inadimplência.`,
  seeFinance: 'Ver Financeiro',
  pendingNoticeTitle: 'Instituição pendente',
  pendingNotice:
    'O cadastro da sua instituição está pendente de ativação pela equipe Saber Compartilhado: a loja, o carrinho e o catálogo ficam disponíveis assim que ele for ativado.',
} as const;

export const institutionRow = z.object({
  id: z.number(),
  name: z.string(),
  companyName: z.string(),
  cnpj: z.string(),
  status: z.enum(SELLER_STATUSES),
  /** Why the system suspended it (non_payment); null when suspended by hand or not suspended. */
  suspensionReason: z.enum(SUSPENSION_REASONS).nullable(),
  logoUrl: z.string().nullable(),
  planId: z.number().nullable(),
  planName: z.string().nullable(),
  createdAt: z.string(),
  /** The institution's own user (type seller): the access the modal creates and edits. */
  user: z.object({ id: z.number(), name: z.string(), email: z.string(), avatar: z.string().nullable() }).nullable(),
  /** What an admin granted it (INSTITUTION_GRANTS), in the order of that list. */
  grants: z.array(z.enum(INSTITUTION_GRANTS)),
});
export type InstitutionRow = z.infer<typeof institutionRow>;

export const institutionsQuery = z.strictObject({
  status: z.enum(SELLER_STATUSES, { error: MSG.invalidValue }).optional(),
  /** Searched in the institution's name and company name, ignoring accents and case. */
  companyName: z.string().trim().max(LIMITS.nameMax, MSG.invalidValue).optional(),
  /** 'date' = Mais Recentes (newest first, the default); 'name' = A-Z. */
  order: z.enum(['name', 'date'], { error: MSG.invalidValue }).default('date'),
  ...pageQuery,
});
export type InstitutionsQuery = z.input<typeof institutionsQuery>;

export const institutionCounts = z.object({ all: z.number(), active: z.number(), pending: z.number(), suspended: z.number() });

export const institutionsPage = z.object({
  data: z.array(institutionRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** Per status, with the search applied (not the status filter). */
  counts: institutionCounts,
});
export type InstitutionsPage = z.infer<typeof institutionsPage>;

const planId = () => idSchema(MSG.required);

/** 'Criar Acesso para Instiuição': the seller user and its institution, with the plan its prices follow. */
export const institutionCreateBody = z.strictObject({
  nameUser: requiredText(),
  cnpj: cnpj(),
  sellerName: requiredText(),
  email: email(),
  planId: planId(),
});
export type InstitutionCreateBody = z.input<typeof institutionCreateBody>;

/** 'Editar Acesso da Intituição' (PUT /sellers/update/:id: id, email, name, cnpj; plus the user's name and the plan). */
export const institutionUpdateBody = z.strictObject({
  id: idSchema(MSG.invalidValue).optional(),
  nameUser: requiredText(),
  cnpj: cnpj(),
  name: requiredText(),
  email: email(),
  planId: planId(),
  /** The grants: the whole new set; absent = unchanged. Admin and director only (the route's roles). */
  grants: z
    .array(z.enum(INSTITUTION_GRANTS, { error: MSG.invalidValue }), { error: MSG.invalidValue })
    .max(INSTITUTION_GRANTS.length * 2, MSG.invalidValue)
    .optional(),
});
export type InstitutionUpdateBody = z.input<typeof institutionUpdateBody>;

export const sellerStatusBody = z.strictObject({ status: z.enum(SELLER_STATUSES, { error: MSG.required }) });
export const sellersStatusBody = z.strictObject({
  ids: z.array(idSchema(MSG.invalidValue), { error: MSG.required }).min(1, MSG.required).max(100, MSG.invalidValue),
  status: z.enum(SELLER_STATUSES, { error: MSG.required }),
});

const statusReply = z.object({ updated: z.number(), message: z.string() });
export const planOption = z.object({ id: z.number(), name: z.string(), minRent: z.number(), maxRent: z.number() });

export const institutionsRoutes = {
  list: defineRoute({
    method: 'GET', path: '/sellers', tag: 'institutions', summary: 'Listar instituições (status, busca, ordem, página) com contagens por status',
    access: INSTITUTION_ADMIN_TYPES, query: institutionsQuery, response: institutionsPage,
  }),
  one: defineRoute({
    method: 'GET', path: '/sellers/institution/:id', tag: 'institutions', summary: 'Ver uma instituição com o seu usuário e o seu plano',
    access: INSTITUTION_ADMIN_TYPES, params: idParam, response: institutionRow,
  }),
  planOptions: defineRoute({
    method: 'GET', path: '/sellers/plan-options', tag: 'institutions', summary: 'Planos que uma instituição pode ter (o formulário de acesso)',
    access: INSTITUTION_ADMIN_TYPES, response: z.object({ data: z.array(planOption) }),
  }),
  create: defineRoute({
    method: 'POST', path: '/sellers/create', tag: 'institutions', summary: 'Criar uma instituição com o seu usuário (a senha provisória vai por e-mail)',
    access: INSTITUTION_ADMIN_TYPES, body: institutionCreateBody,
    response: z.object({ message: z.string(), userId: z.number(), sellerId: z.number() }),
  }),
  update: defineRoute({
    method: 'PUT', path: '/sellers/update/:id', tag: 'institutions', summary: 'Editar a instituição e o seu usuário',
    access: INSTITUTION_ADMIN_TYPES, params: idParam, body: institutionUpdateBody, response: z.object({ message: z.string(), institution: institutionRow }),
  }),
  logo: defineRoute({
    method: 'PUT', path: '/sellers/logo/:id', tag: 'institutions', summary: 'Enviar o logo da instituição (campo images, imagem de até 10 MB)',
    access: INSTITUTION_ADMIN_TYPES, params: idParam, multipart: true, response: z.object({ url: z.string() }), rateLimit: 'upload', idempotent: true,
  }),
  status: defineRoute({
    method: 'PUT', path: '/sellers/status/:id', tag: 'institutions', summary: 'Alterar o status de uma instituição (active, pending, suspended)',
    access: INSTITUTION_ADMIN_TYPES, params: idParam, body: sellerStatusBody, response: statusReply,
  }),
  bulkStatus: defineRoute({
    method: 'PUT', path: '/sellers/status', tag: 'institutions', summary: 'Alterar o status de várias instituições de uma vez',
    access: INSTITUTION_ADMIN_TYPES, body: sellersStatusBody, response: statusReply,
  }),
} as const;
