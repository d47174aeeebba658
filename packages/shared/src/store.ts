/**
 * The institution's store, partners and cart (spec 3 §2.3–§2.7, §7 "Store, cart, rentals"): the routes
 * and who may call them. The server is the only source of prices: the store, the cart and the
 * payment request compute them from the institution's plan (`plan_prices`), never from the client.
 *
 * Who: every institution type reads (store, partners, cart); the buyers (seller, seller_content_manager)
 * change the cart and request payment (RENT_BUYER_TYPES). A suspended institution is refused everything here
 * (403, RENT_MSG.suspended).
 *
 * The domain's entry: the schemas (store-schemas.ts) and the pt-BR texts (store-messages.ts) are re-exported.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { RENT_BUYER_TYPES, RENT_READER_SELLER_TYPES } from './rent-machine';
import { unitContent } from './units';
import { idParam, messageResponse } from './validation';
import {
  cartAddBody,
  cartResponse,
  partnerCard,
  partnerDetail,
  partnersQuery,
  paymentMethod,
  paymentRequestBody,
  paymentRequestResponse,
  prospectBody,
  storeProviderDetail,
  storeProvidersPage,
  storeProvidersQuery,
  storeUnitParams,
  storeUnitsQuery,
  storeUnitsResponse,
} from './store-schemas';

export * from './store-messages';
export * from './store-schemas';

/** Who reads the store, the partners and the cart; who changes the cart and requests payment. */
export const STORE_READER_TYPES = RENT_READER_SELLER_TYPES;
export const STORE_BUYER_TYPES = RENT_BUYER_TYPES;

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
