/**
 * The institution's LMS key (spec 1 §2.7, §7 "Seller account, team, LMS key, terms", §7 "LMS API").
 * The key is shown once and stored on the server only as a SHA-256 hash; a new key replaces the old one.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { messageResponse } from './validation';

/** Every key starts with this prefix, so a key pasted in the wrong place is recognisable. */
export const LMS_KEY_PREFIX = 'lms_';
/** The LMS API reads the key from this header (spec 1 §7 "LMS API"); `lms-key` is accepted too (proxies drop underscores). */
export const LMS_KEY_HEADER = 'lms_key';
export const LMS_KEY_MAX = 200;

/** Only the institution's own administrator (type seller) may replace the key: it unlinks everything linked with the old one. */
export const LMS_KEY_GENERATOR_TYPES = ['seller'] as const;

const sellerIdBody = z.strictObject({
  id: z.number({ error: MSG.required }).int(MSG.invalidValue).positive(MSG.invalidValue),
});
export type LmsKeyBody = z.input<typeof sellerIdBody>;

export const lmsRoutes = {
  generate: defineRoute({
    method: 'PUT', path: '/sellers/lms/key', tag: 'sellers',
    summary: 'Gerar uma nova chave LMS (a anterior deixa de valer); a chave é mostrada uma única vez',
    access: LMS_KEY_GENERATOR_TYPES, body: sellerIdBody, response: z.object({ lms_key: z.string() }),
  }),
  request: defineRoute({
    method: 'POST', path: '/sellers/request/lms/key', tag: 'sellers',
    summary: 'Gerar uma nova chave LMS e enviá-la por e-mail, com instruções, ao usuário que pediu',
    access: LMS_KEY_GENERATOR_TYPES, body: sellerIdBody, response: messageResponse,
  }),
  whoami: defineRoute({
    method: 'GET', path: '/lms/whoami', tag: 'lms',
    summary: 'API do LMS: identifica a instituição da chave enviada no cabeçalho lms_key',
    access: 'public', response: z.object({ sellerId: z.number(), sellerName: z.string() }),
  }),
} as const;
