/** Seller account view and the terms flags (spec 1 §2.13, §3 "Seller", §7 "Seller account … terms"). */
import { z } from 'zod';
import { MSG } from './messages';
import { defineRoute } from './contract';
import { idParam, idSchema } from './validation';

export const SELLER_STATUSES = ['active', 'pending', 'suspended'] as const;

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
