/**
 * Rental plans and per-provider plan prices (spec 3 §2.1, §3 "Plan", "Plan price", §5, §7 "Providers and
 * plans", §8): the 'Planos de Aluguel' screen of admin and director, /dashboard/plans (optionally for one
 * provider: ?provider_id= or /dashboard/providers/plan/{providerId}).
 *
 * MONEY: a plan price's `value` is integer CENTAVOS (R$ 890,00 = 89000), in the calls as in the database.
 * The web turns what the user types in reais into centavos with `reaisToCents` and shows centavos with
 * `formatCents` (format.ts). A value that is negative or not a whole number of centavos is refused.
 */
import { z } from 'zod';
import { PLATFORM_ADMIN_TYPES } from './access';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { idParam, idSchema, textIdSchema } from './validation';

/** Who manages plans and prices (spec 3 §1, §6): admin and director. */
export const PLAN_ADMIN_TYPES = PLATFORM_ADMIN_TYPES;

export const PLAN_LIMITS = {
  /** A student count above this is a typing error, not a plan. */
  studentsMax: 10_000_000,
  /** R$ 10.000.000,00 a month: above is a typing error. */
  priceMaxCents: 1_000_000_000,
  pageSize: 10,
} as const;

export const PLAN_MSG = {
  title: 'Planos de Aluguel',
  newPlan: 'Novo Plano',
  editPlan: 'Editar Plano',
  editPrice: 'Editar valor do plano',
  required: MSG.required,
  minZero: 'Valor mínimo é zero',
  wholeStudents: 'Informe um número inteiro de alunos',
  minAboveMax: 'O mínimo de alunos não pode ser maior que o máximo',
  tooManyStudents: `Máximo de ${PLAN_LIMITS.studentsMax.toLocaleString('pt-BR')} alunos`,
  priceRequired: 'Informe o valor do plano',
  priceNegative: 'Valor mínimo é zero',
  priceCents: 'O valor deve ter no máximo dois dígitos de centavos',
  priceTooHigh: 'Valor acima do permitido',
  /** Spec 3 §8. */
  saved: 'O Plano foi Alterado com sucesso',
  created: 'Plano cadastrado com sucesso!',
  priceSaved: 'Valor do plano salvo com sucesso!',
  saveFail: 'Algo inesperado aconteceu.',
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  empty: 'Nenhum item encontrado.',
  notFound: MSG.planNotFound,
  providerNotFound: 'Fornecedor não encontrado.',
  priceNotFound: 'Valor de plano não encontrado.',
  providerInReview: 'O fornecedor ainda está em análise: aprove-o antes de definir os valores dos planos.',
  priceExists: 'Este fornecedor já tem um valor para esse plano. Edite o valor existente.',
  priceMismatch: 'Este valor pertence a outro plano ou fornecedor.',
  noPrice: 'Sem valor',
} as const;

const students = (label: 'min' | 'max') =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null || i.input === '' ? PLAN_MSG.required : PLAN_MSG.wholeStudents) })
    .int(PLAN_MSG.wholeStudents)
    .min(0, PLAN_MSG.minZero)
    .max(PLAN_LIMITS.studentsMax, PLAN_MSG.tooManyStudents)
    .describe(label === 'min' ? 'Mínimo de alunos' : 'Máximo de alunos');

/**
 * The plan body (POST create, PUT update): name and description required ('Campo Obrigatório'), minRent and
 * maxRent whole numbers of students from zero ('Valor mínimo é zero'), minRent ≤ maxRent.
 */
const planText = {
  name: z.string({ error: PLAN_MSG.required }).trim().min(1, PLAN_MSG.required).max(LIMITS.nameMax, `Máximo de ${LIMITS.nameMax} caracteres`),
  description: z.string({ error: PLAN_MSG.required }).trim().min(1, PLAN_MSG.required).max(LIMITS.textMax, `Máximo de ${LIMITS.textMax} caracteres`),
};
export const planBody = z
  .strictObject({ ...planText, minRent: students('min'), maxRent: students('max') })
  .refine((b) => b.minRent <= b.maxRent, { message: PLAN_MSG.minAboveMax, path: ['maxRent'] });
export type PlanBody = z.input<typeof planBody>;

/** A price in centavos: whole, from zero. */
export const centsValue = z
  .number({ error: (i) => (i.input === undefined || i.input === null ? PLAN_MSG.priceRequired : PLAN_MSG.priceCents) })
  .int(PLAN_MSG.priceCents)
  .min(0, PLAN_MSG.priceNegative)
  .max(PLAN_LIMITS.priceMaxCents, PLAN_MSG.priceTooHigh)
  .describe('Valor mensal em centavos (R$ 890,00 = 89000)');

const positiveId = () => idSchema(MSG.invalidValue);

/** POST /providers/plans-value/create: `value` in CENTAVOS. */
export const planPriceCreateBody = z.strictObject({
  planId: positiveId(),
  providerId: positiveId(),
  value: centsValue,
});
export type PlanPriceCreateBody = z.input<typeof planPriceCreateBody>;

/** PUT /providers/plans-value/update/:id: the same body, plus (optionally) the id of the path (spec: "update adds id"). */
export const planPriceUpdateBody = planPriceCreateBody.extend({ id: positiveId().optional() });
export type PlanPriceUpdateBody = z.input<typeof planPriceUpdateBody>;

/** A price as the calls answer it: `value` in centavos. */
export const planPrice = z.object({ id: z.number(), planId: z.number(), providerId: z.number(), value: z.number() });
export type PlanPrice = z.infer<typeof planPrice>;

export const plan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  minRent: z.number(),
  maxRent: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

/** A row of the plans screen: with the selected provider's price (centavos) when a provider is asked for. */
export const planRow = plan.extend({ price: planPrice.nullable().optional() });
export type PlanRow = z.infer<typeof planRow>;

export const plansSearchQuery = z.strictObject({
  /** Searched in the plan name, ignoring accents and case. */
  name: z.string({ error: MSG.invalidValue }).trim().max(LIMITS.nameMax, MSG.invalidValue).optional(),
  /** The provider whose monthly values the rows carry. */
  providerId: textIdSchema(MSG.invalidValue).optional(),
  /** 'date' = Mais Recentes (newest first, spec 3 §1 default); 'name' = A-Z. */
  order: z.enum(['date', 'name'], { error: MSG.invalidValue }).default('date'),
  page: z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).default(1),
  limit: z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(100, MSG.invalidValue).default(PLAN_LIMITS.pageSize),
});
export type PlansSearchQuery = z.input<typeof plansSearchQuery>;

export const plansPage = z.object({
  data: z.array(planRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** The provider asked for (title 'Planos de Aluguel' with its company name). */
  provider: z.object({ id: z.number(), companyName: z.string(), status: z.string() }).nullable(),
});
export type PlansPage = z.infer<typeof plansPage>;

export const planPricesQuery = z.strictObject({
  providerId: textIdSchema(MSG.invalidValue, MSG.required),
  planId: textIdSchema(MSG.invalidValue).optional(),
});

/** 'De X a Y alunos' (spec 3 §3), with pt-BR thousands separators. */
export function studentsRange(minRent: number, maxRent: number): string {
  return `De ${minRent.toLocaleString('pt-BR')} a ${maxRent.toLocaleString('pt-BR')} alunos`;
}

/** A plan as a choice in a select: 'Plano Ampliado (De 501 a 2.000 alunos)'. */
export const planLabel = (p: { name: string; minRent: number; maxRent: number }): string => `${p.name} (${studentsRange(p.minRent, p.maxRent)})`;

/**
 * What the user typed in reais (a number, or text such as '890', '890,5', '1.234,56', 'R$ 1.234,56') as
 * integer centavos; null when it is empty or not an amount. A value with more than two decimals is not
 * rounded away: it answers NaN so the caller can refuse it (the server would refuse a fraction of a centavo).
 */
export function reaisToCents(input: number | string | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else {
    const t = input.replace(/R\$/g, '').replace(/\s/g, '');
    if (t === '') return null;
    // pt-BR: '.' groups thousands and ',' separates centavos; a lone '.' with 1-2 digits after is a decimal point.
    if (t.includes(',')) text = t.replace(/\./g, '').replace(',', '.');
    else if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) text = t.replace(/\./g, '');
    else text = t;
  }
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  if (frac.length > 2 && /[1-9]/.test(frac.slice(2))) return Number.NaN;
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return sign === '-' ? -cents : cents;
}

/** Centavos as the price editor shows them to be edited (reais, 2 decimals): 89000 → 890. */
export const centsToReais = (cents: number): number => cents / 100;

/** The price editor (spec 3 §5 "plan price: price required"): the value in reais typed by the user. */
export const planPriceFormSchema = z.object({
  value: z.union([z.number(), z.string()]).superRefine((v, ctx) => {
    const cents = reaisToCents(v);
    if (cents === null) ctx.addIssue({ code: 'custom', message: PLAN_MSG.priceRequired });
    else if (Number.isNaN(cents)) ctx.addIssue({ code: 'custom', message: PLAN_MSG.priceCents });
    else if (cents < 0) ctx.addIssue({ code: 'custom', message: PLAN_MSG.priceNegative });
    else if (cents > PLAN_LIMITS.priceMaxCents) ctx.addIssue({ code: 'custom', message: PLAN_MSG.priceTooHigh });
  }),
});

/** The plan editor's values: the number inputs hold '' until something is typed. */
export interface PlanFormValues {
  name: string;
  description: string;
  minRent: number | string;
  maxRent: number | string;
}

/** '' (nothing typed) reads as absent, so the message is 'Campo Obrigatório'. */
const typedNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.unknown());

/** The plan editor: the same rules and words as the calls. */
export const planFormSchema = z
  .object({
    ...planText,
    minRent: typedNumber.pipe(students('min')),
    maxRent: typedNumber.pipe(students('max')),
  })
  .refine((b) => b.minRent <= b.maxRent, { message: PLAN_MSG.minAboveMax, path: ['maxRent'] });

export const plansRoutes = {
  search: defineRoute({
    method: 'GET', path: '/providers/plans/search', tag: 'plans',
    summary: 'Listar planos (busca por nome, ordem, página); com providerId, cada plano traz o valor mensal desse fornecedor em centavos',
    access: PLAN_ADMIN_TYPES, query: plansSearchQuery, response: plansPage,
  }),
  create: defineRoute({
    method: 'POST', path: '/providers/plans/create', tag: 'plans', summary: 'Cadastrar um plano (nome, descrição, mínimo e máximo de alunos)',
    access: PLAN_ADMIN_TYPES, body: planBody, response: plan,
  }),
  update: defineRoute({
    method: 'PUT', path: '/providers/plans/update/:id', tag: 'plans', summary: 'Editar um plano (nome, descrição, mínimo e máximo de alunos)',
    access: PLAN_ADMIN_TYPES, params: idParam, body: planBody, response: plan,
  }),
  priceSearch: defineRoute({
    method: 'GET', path: '/providers/plans-value/search', tag: 'plans',
    summary: 'Valores de um fornecedor por plano (value em centavos); planId filtra um plano',
    access: PLAN_ADMIN_TYPES, query: planPricesQuery, response: z.array(planPrice),
  }),
  priceCreate: defineRoute({
    method: 'POST', path: '/providers/plans-value/create', tag: 'plans',
    summary: 'Definir o valor mensal de um fornecedor num plano (value em centavos inteiros; um valor por plano e fornecedor, 409 se já existe)',
    access: PLAN_ADMIN_TYPES, body: planPriceCreateBody, response: planPrice,
  }),
  priceUpdate: defineRoute({
    method: 'PUT', path: '/providers/plans-value/update/:id', tag: 'plans',
    summary: 'Alterar o valor mensal (value em centavos inteiros) de um fornecedor num plano',
    access: PLAN_ADMIN_TYPES, params: idParam, body: planPriceUpdateBody, response: planPrice,
  }),
} as const;
