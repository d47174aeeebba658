/**
 * The institution's store, partners and cart (spec 3 §2.3–§2.7, §7 "Store, cart, rentals"): the routes,
 * their schemas and the pt-BR texts. The server is the only source of prices: the store, the cart and the
 * payment request compute them from the institution's plan (`plan_prices`), never from the client.
 *
 * Who: every institution type reads (store, partners, cart); the buyers (seller, seller_content_manager)
 * change the cart and request payment (RENT_BUYER_TYPES). A suspended institution is refused everything here
 * (403, RENT_MSG.suspended).
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { PROVIDER_CONDITIONS } from './providers';
import { providerService } from './services';
import { RENT_BUYER_TYPES, RENT_GRANTING_STATUS, RENT_MSG, RENT_READER_SELLER_TYPES, type OpenRentStatus } from './rent-machine';
import { unitContent } from './units';
import { commaParts, knowledgeIdsParam, levelsParam, listOf, unitGroupOf, unitGroupPageParams } from './knowledge';
import { idParam, messageResponse, requiredText, idSchema, textIdSchema, INT_MAX } from './validation';

export const STORE_MSG = {
  title: 'Loja de Fornecedores',
  partnersTitle: 'Parceiros',
  cartTitle: 'Carrinho',
  empty: 'Nenhum item encontrado.',
  rent: 'Alugar',
  inCart: 'Item no Carrinho',
  rented: 'Alugado',
  /** An open rent not active yet (requested or waiting): the card links to 'Meus alugueis', not to the catalogue. */
  pending: 'Aluguel solicitado',
  pendingHint: 'O aluguel aguarda a confirmação do pagamento. Acompanhe em Meus alugueis.',
  premium: 'Premium',
  basic: 'Basic',
  unitsHeading: 'Lista de Unidades',
  showMore: 'Mostrar mais',
  showLess: 'Mostrar menos',
  filterUnits: 'Filtrar unidades',
  clearFilters: 'Limpar Filtros',
  knowMore: 'Clique aqui e conheça mais!',
  added: 'Item adicionado ao carrinho',
  removed: 'Item removido do carrinho',
  removeButton: 'Remover do carrinho',
  removeConfirm: (company: string) => `Tem certeza que deseja remover o item ${company}?`,
  cartEmpty: RENT_MSG.cartEmpty,
  keepShopping: 'Continuar comprando',
  service: 'Serviço',
  serviceWarning: 'Atenção: O preço será de acordo com as instruções que enviaremos por email',
  requestPayment: 'Solicitar Pagamento',
  paymentNote:
    'Após solicitar o pagamento, seu pedido entrará em análise e em até 24 horas você receberá as informações de pagamento.',
  choosePayment: RENT_MSG.choosePayment,
  requested: 'Solicitação enviada com sucesso! Em breve entraremos em contato.',
  prospectDone: 'Cliente cadastrado com sucesso!',
  invalidEmail: 'Digite um e-mail válido',
  required: MSG.required,
  cartChanged: 'O carrinho foi alterado em outra aba ou dispositivo. Confira os itens e solicite o pagamento de novo.',
  unknownPaymentMethod: 'Forma de pagamento inválida.',
  serviceNotFound: 'Serviço não encontrado.',
  partnerNotFound: 'Parceiro não encontrado.',
  noPlan: RENT_MSG.noPlan,
  notRentable: RENT_MSG.notRentable,
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  addFail: 'Algo de inesperado aconteceu',
  /** 'Solicitar Pagamento' skipped cart items whose provider the institution already rents (e.g. an admin's
   * 'Novo Aluguel' after they were added): they were taken out of the cart (docs/decisions.md, issue 11). */
  /** A cart item whose provider the institution already rents (an open rent, active or not yet): not in the TOTAL,
   * and 'Solicitar Pagamento' leaves it out (see alreadyRented). */
  rentedItem: 'Você já aluga este catálogo (ou já solicitou o aluguel). Ele sai do carrinho quando você solicitar o pagamento.',
  /** A cart item that can no longer be requested (the provider lost its approval or its price on the plan). */
  unavailableItem: `${RENT_MSG.notRentable} Remova o item para continuar.`,
  /** The title of the warning that names the items a payment request left out (alreadyRented). */
  skippedTitle: 'Itens não solicitados',
  alreadyRented: (companies: readonly string[]) =>
    `${companies.join(', ')}: ${RENT_MSG.alreadyAssociated} ${companies.length > 1 ? 'Os itens foram retirados' : 'O item foi retirado'} do carrinho.`,
} as const;

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

/** Who reads the store, the partners and the cart; who changes the cart and requests payment. */
export const STORE_READER_TYPES = RENT_READER_SELLER_TYPES;
export const STORE_BUYER_TYPES = RENT_BUYER_TYPES;

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

export const storeRoutes = {
  providers: defineRoute({
    method: 'GET', path: '/providers/store', tag: 'store', summary: 'Loja de Fornecedores: fornecedores aprovados com unidades publicadas e preço no plano da instituição',
    access: STORE_READER_TYPES, query: storeProvidersQuery, response: storeProvidersPage,
  }),
  provider: defineRoute({
    method: 'GET', path: '/providers/store/:id', tag: 'store', summary: 'Um fornecedor da loja (cabeçalho: logo, descrição, unidades, preço no plano)',
    access: STORE_READER_TYPES, params: idParam, response: storeProviderDetail,
  }),
  units: defineRoute({
    method: 'GET', path: '/items/item/find/provider', tag: 'store', summary: 'Unidades publicadas de um fornecedor da loja por área de conhecimento: as primeiras de cada área e a contagem, ou uma página de uma área (group, page)',
    access: STORE_READER_TYPES, query: storeUnitsQuery, response: storeUnitsResponse,
  }),
  unit: defineRoute({
    method: 'GET', path: '/providers/store/:id/item/:idItem', tag: 'store', summary: 'A versão publicada de uma unidade de um fornecedor da loja',
    access: STORE_READER_TYPES, params: storeUnitParams, response: unitContent,
  }),
  partners: defineRoute({
    method: 'GET', path: '/providers/services/filter', tag: 'store', summary: 'Parceiros: fornecedores de serviço aprovados (busca pelo nome)',
    access: STORE_READER_TYPES, query: partnersQuery, response: z.array(partnerCard),
  }),
  partner: defineRoute({
    method: 'GET', path: '/providers/services/provider/:id', tag: 'store', summary: 'Um parceiro e os seus serviços',
    access: STORE_READER_TYPES, params: idParam, response: partnerDetail,
  }),
  prospect: defineRoute({
    method: 'POST', path: '/providers/services/partner-notification', tag: 'store', summary: 'Cadastro de interesse num parceiro (e-mail à equipe da plataforma e ao parceiro)',
    access: STORE_BUYER_TYPES, body: prospectBody, response: messageResponse,
  }),
  cart: defineRoute({
    method: 'GET', path: '/sellers/cart', tag: 'store', summary: 'O carrinho da instituição, com preços e TOTAL calculados pelo servidor',
    access: STORE_READER_TYPES, response: cartResponse,
  }),
  cartAdd: defineRoute({
    method: 'POST', path: '/sellers/cart/items', tag: 'store', summary: 'Pôr no carrinho um fornecedor (providerId) ou um serviço (serviceId)',
    access: STORE_BUYER_TYPES, body: cartAddBody, response: messageResponse,
  }),
  cartRemove: defineRoute({
    method: 'DELETE', path: '/sellers/cart/items/:id', tag: 'store', summary: 'Tirar um item do carrinho',
    access: STORE_BUYER_TYPES, params: idParam, response: messageResponse,
  }),
  paymentMethods: defineRoute({
    method: 'GET', path: '/sellers/payment-methods', tag: 'store', summary: 'Formas de pagamento',
    access: STORE_READER_TYPES, response: z.array(paymentMethod),
  }),
  requestPayment: defineRoute({
    method: 'POST', path: '/sellers/rents', tag: 'store', summary: 'Solicitar Pagamento: aluguéis solicitados e serviços do carrinho, numa transação; o carrinho se esvazia',
    access: STORE_BUYER_TYPES, body: paymentRequestBody, response: paymentRequestResponse, idempotent: true,
  }),
} as const;
