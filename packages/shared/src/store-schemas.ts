/**
 * The schemas of the store, the partners and the cart: limits, the shapes answered, the queries and bodies accepted
 * (no price is ever accepted from the client). store.ts (the routes) re-exports them.
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { PROVIDER_CONDITIONS } from './providers';
import { providerService } from './services';
import { RENT_GRANTING_STATUS, type OpenRentStatus } from './rent-machine';
import { commaParts, knowledgeIdsParam, levelsParam, listOf, unitGroupOf, unitGroupPageParams } from './knowledge';
import { requiredText, idSchema, textIdSchema, INT_MAX } from './validation';
import { STORE_MSG } from './store-messages';

export const STORE_LIMITS = {
  /** The price slider of spec 3 §2.3 / §9, in centavos (R$ 550 to R$ 20.000). */
  priceMinCents: 55_000,
  priceMaxCents: 2_000_000,
  /** Provider cards per page of the store. */
  pageSize: 24,
  /** Spec 3 §2.4: a knowledge-area group with more than 4 units is shortened (the first 4 are answered per group). */
  groupShort: 4,
  /** 'Mostrar mais' of one group loads its units this many at a time. */
  groupPage: 24,
  /** Spec 3 §9: provider names on partner cards are cut to 20 characters plus an ellipsis. */
  partnerNameMax: 20,
  /** Partner cards answered by one search (service providers are few). */
  partnersMax: 200,
  phoneMax: 30,
} as const;

/** Spec 3 §9: a partner's name on its card, cut to 20 characters plus '…'. */
export const cutPartnerName = (name: string): string =>
  name.length > STORE_LIMITS.partnerNameMax ? `${name.slice(0, STORE_LIMITS.partnerNameMax).trimEnd()}…` : name;

const search = z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional();
const cents = z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(0, MSG.invalidValue).max(INT_MAX, MSG.invalidValue).optional();
const knowledgeIds = knowledgeIdsParam;
const levels = levelsParam;

/** The store's filters (spec 3 §7: companyName, minimumValuePlan, maximumValuePlan, knowledges, levelOfLearning, condition). */
export const storeProvidersQuery = z.strictObject({
  companyName: search,
  /** premium and/or basic; none or both = every provider. */
  condition: commaParts.pipe(listOf(z.enum(PROVIDER_CONDITIONS, { error: MSG.invalidValue }))).optional(),
  /** The price range on the institution's plan, in centavos. */
  minimumValuePlan: cents,
  maximumValuePlan: cents,
  knowledges: knowledgeIds,
  levelOfLearning: levels,
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
});
export type StoreProvidersQuery = z.input<typeof storeProvidersQuery>;

/**
 * What the card's one button says: 'Alugar', 'Item no Carrinho', 'Aluguel solicitado' (pending: an open rent that
 * is not active yet) or 'Alugado' (rented: the active rent that gives the catalogue).
 */
export const STORE_STATES = ['available', 'inCart', 'pending', 'rented'] as const;
export type StoreState = (typeof STORE_STATES)[number];

/** The card's state for the institution's open rent of the provider: only the granting (active) rent is 'rented'. */
export const storeStateOfRent = (status: OpenRentStatus): Extract<StoreState, 'pending' | 'rented'> =>
  status === RENT_GRANTING_STATUS ? 'rented' : 'pending';

export const storeProvider = z.object({
  id: z.number(),
  companyName: z.string(),
  imgLogoUrl: z.string().nullable(),
  condition: z.enum(PROVIDER_CONDITIONS),
  /** Published units (providers.published_units). */
  unitCount: z.number(),
  /** The monthly price on the institution's plan, centavos. */
  priceCents: z.number(),
  state: z.enum(STORE_STATES),
});
export type StoreProvider = z.infer<typeof storeProvider>;

export const storeProvidersPage = z.object({
  data: z.array(storeProvider),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** The institution's plan (null: it has none yet, and nothing can be rented). */
  planName: z.string().nullable(),
});
export type StoreProvidersPage = z.infer<typeof storeProvidersPage>;

export const storeProviderDetail = storeProvider.extend({ description: z.string().nullable() });
export type StoreProviderDetail = z.infer<typeof storeProviderDetail>;

/** GET /items/item/find/provider (spec 3 §7): providerId, companyName (searched in the unit title), levelOfLearning, knowledges. */
export const storeUnitsQuery = z.strictObject({
  providerId: textIdSchema(MSG.invalidValue),
  companyName: search,
  knowledges: knowledgeIds,
  levelOfLearning: levels,
  ...unitGroupPageParams,
});
export type StoreUnitsQuery = z.input<typeof storeUnitsQuery>;

export const storeUnit = z.object({
  itemId: z.number(),
  itemContentId: z.number(),
  title: z.string(),
  companyName: z.string(),
  knowledges: z.array(z.object({ id: z.number(), title: z.string() })),
  levelOfLearning: z.array(z.string()),
});
export type StoreUnit = z.infer<typeof storeUnit>;
/**
 * The provider's published units by knowledge area: without `group`, every area with its count and its first
 * STORE_LIMITS.groupShort units; with `group`, that area's page `page` of STORE_LIMITS.groupPage units.
 */
export const storeUnitGroup = unitGroupOf(storeUnit);
export type StoreUnitGroup = z.infer<typeof storeUnitGroup>;
export const storeUnitsResponse = z.object({ groups: z.array(storeUnitGroup) });
export type StoreUnitsResponse = z.infer<typeof storeUnitsResponse>;

export const storeUnitParams = z.strictObject({
  id: textIdSchema(MSG.invalidValue),
  idItem: textIdSchema(MSG.invalidValue),
});

// ------------------------------------------------------------------ partners (spec 3 §2.6)

export const partnersQuery = z.strictObject({ companyName: search });

export const partnerCard = z.object({
  id: z.number(),
  companyName: z.string(),
  imgLogoUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** The partner's external page: the link of its oldest service that has one (null: the prospect form). */
  link: z.string().nullable(),
  servicesCount: z.number(),
});
export type PartnerCard = z.infer<typeof partnerCard>;

/** A partner's service as the store shows it: the service's own fields (services.ts) and whether it is in the cart. */
export const partnerService = providerService.pick({ id: true, title: true, description: true, price: true, image: true, link: true }).extend({ inCart: z.boolean() });
export type PartnerService = z.infer<typeof partnerService>;
export const partnerDetail = partnerCard.extend({ services: z.array(partnerService) });
export type PartnerDetail = z.infer<typeof partnerDetail>;

/** The prospect form (spec 3 §3, §5): email valid, phone and fullName required. */
export const prospectFields = {
  email: z
    .string({ error: STORE_MSG.invalidEmail })
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMax, STORE_MSG.invalidEmail)
    .pipe(z.email({ error: STORE_MSG.invalidEmail })),
  phone: requiredText(STORE_LIMITS.phoneMax),
  fullName: requiredText(LIMITS.nameMax),
};
export const prospectForm = z.object(prospectFields);
export const prospectBody = z.strictObject({
  providerId: idSchema(MSG.invalidValue),
  ...prospectFields,
});
export type ProspectBody = z.input<typeof prospectBody>;

// ------------------------------------------------------------------ cart and payment request (spec 3 §2.7)

export const cartItem = z.object({
  id: z.number(),
  kind: z.enum(['provider', 'service']),
  providerId: z.number(),
  companyName: z.string(),
  imgLogoUrl: z.string().nullable(),
  /** Provider items: condition, unit count and the monthly price on the plan (null: no longer rentable). */
  condition: z.enum(PROVIDER_CONDITIONS).nullable(),
  unitCount: z.number().nullable(),
  priceCents: z.number().nullable(),
  /** Service items: the service. */
  serviceId: z.number().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** False when the item can no longer be requested (the provider lost its price or approval, or is rented). */
  available: z.boolean(),
  /** True when the institution already holds an open rent of the provider (unavailable, not in the TOTAL;
   * 'Solicitar Pagamento' skips it and takes it out of the cart). */
  rented: z.boolean().optional(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartResponse = z.object({
  items: z.array(cartItem),
  /** The sum of the provider items' monthly prices, centavos (services are priced by e-mail). */
  totalCents: z.number(),
  planName: z.string().nullable(),
});
export type CartResponse = z.infer<typeof cartResponse>;

const positiveId = idSchema(MSG.invalidValue);

/** Add a provider's catalogue or a partner's service (exactly one). No price: the server computes it. */
export const cartAddBody = z
  .strictObject({ providerId: positiveId.optional(), serviceId: positiveId.optional() })
  .refine((b) => (b.providerId === undefined) !== (b.serviceId === undefined), { message: MSG.invalidValue });
export type CartAddBody = z.input<typeof cartAddBody>;

export const paymentMethod = z.object({ id: z.number(), description: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * POST /sellers/rents (spec 3 §7: sellerId, paymentMethod, providerIds). The rents are the CART's: providerIds
 * (and serviceIds), when sent, must be what the cart holds (the items the user saw), else 409. Any price sent
 * is refused as an unknown field; the server prices from the institution's plan.
 */
export const paymentRequestBody = z.strictObject({
  sellerId: positiveId,
  paymentMethod: idSchema(STORE_MSG.choosePayment),
  providerIds: z.array(positiveId).max(200, MSG.invalidValue).optional(),
  serviceIds: z.array(positiveId).max(200, MSG.invalidValue).optional(),
});
export type PaymentRequestBody = z.input<typeof paymentRequestBody>;

export const paymentRequestResponse = z.object({
  message: z.string(),
  paymentRequestId: z.number(),
  rentIds: z.array(z.number()),
  serviceRequestIds: z.array(z.number()),
  /** Companies skipped because the institution already rents them (taken out of the cart; named in `message`). */
  skipped: z.array(z.string()).optional(),
});
