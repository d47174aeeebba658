/**
 * The institution's LMS key (spec 1 §2.7, §7 "Seller account, team, LMS key, terms", §7 "LMS API").
 * The key is shown once and stored on the server only as a SHA-256 hash; a new key replaces the old one.
 *
 * The LMS API: `POST /saveDataInJson` with the key in the `lms_key` header and `{ itemId }` links a unit
 * of one of the institution's ACTIVE rentals to its LMS and answers the unit's launch address (a signed student
 * link). A new key unlinks every unit and revokes every launch address given before.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { messageResponse, idSchema } from './validation';
import { SHARE_LINK_PATH } from './share-links';
import { STUDENT_QUERY_PARAM } from './student';

/** Every key starts with this prefix, so a key pasted in the wrong place is recognisable. */
export const LMS_KEY_PREFIX = 'lms_';
/** The LMS API reads the key from this header (spec 1 §7 "LMS API"); `lms-key` is accepted too (proxies drop underscores). */
export const LMS_KEY_HEADER = 'lms_key';
export const LMS_KEY_MAX = 200;

/** Only the institution's own administrator (type seller) may replace the key: it unlinks everything linked with the old one. */
export const LMS_KEY_GENERATOR_TYPES = ['seller'] as const;

const sellerIdBody = z.strictObject({
  id: idSchema(MSG.invalidValue, MSG.required),
});
export type LmsKeyBody = z.input<typeof sellerIdBody>;

/**
 * The query parameter an LMS appends to a launch address to say which of its students opens it
 * (`<url>&student=<id in the LMS>`). The launch address itself names no student (one address per unit, whoever
 * launches it); the student viewer reads this parameter only on links whose signature names no student.
 */
export const LMS_STUDENT_PARAM = STUDENT_QUERY_PARAM;

/** Calls of the LMS API per client address per minute (the server's RATE_LIMIT_LMS default). */
export const LMS_RATE_LIMIT_PER_MINUTE = 300;

export const LMS_MSG = {
  /** 404: not a unit, not published, or its provider is not rented with an ACTIVE rent by the key's institution. */
  unitNotRented: 'Unidade não encontrada ou fora dos aluguéis ativos da instituição. Confira o itemId e os aluguéis da instituição.',
  itemIdRequired: 'Informe o itemId: o número (inteiro e positivo) da unidade.',
} as const;

/** A positive integer, as JSON number or as a string of digits (LMS integrations often send ids as text). */
const itemIdField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  idSchema(LMS_MSG.itemIdRequired),
);

/** Spec 1 §7 "LMS API": body itemId (the unit's id, as in the institution's share links). */
export const saveDataBody = z.strictObject({ itemId: itemIdField });
export type SaveDataBody = z.input<typeof saveDataBody>;

export const saveDataReply = z.object({
  /** The unit linked (items.id) and the version the launch address opens now (its published one). */
  itemId: z.number(),
  itemContentId: z.number(),
  title: z.string(),
  /** The unit's provider. */
  companyName: z.string(),
  /** THE launch address: the student viewer's signed link of the unit (`${SHARE_LINK_PATH}?token=…`), permanent until a new key. */
  url: z.string(),
  /** The link's token (the `token` query parameter of `url`). */
  token: z.string(),
  /** The query parameter the LMS appends with the student's id (LMS_STUDENT_PARAM). */
  studentParam: z.literal(LMS_STUDENT_PARAM),
  /** false on the first call for this unit, true when it was already linked with the current key (nothing changed). */
  alreadyLinked: z.boolean(),
  /** When the unit was linked (ISO). */
  linkedAt: z.string(),
});
export type SaveDataReply = z.infer<typeof saveDataReply>;

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
  saveData: defineRoute({
    method: 'POST', path: '/saveDataInJson', tag: 'lms',
    summary:
      `API do LMS: vincula uma unidade (itemId) de um aluguel ativo da instituição da chave (cabeçalho lms_key) e responde o endereço de lançamento: ` +
      `{ itemId, itemContentId, title, companyName, url, token, studentParam, alreadyLinked, linkedAt }. url é o link assinado do aluno ` +
      `(${SHARE_LINK_PATH}?token=…); o LMS acrescenta &${LMS_STUDENT_PARAM}=<id do aluno>. Vincular de novo não muda nada. ` +
      `Chave ausente, inválida ou substituída: 401; unidade fora dos aluguéis ativos: 404; corpo inválido: 400; limite: ${LMS_RATE_LIMIT_PER_MINUTE} chamadas por minuto por endereço.`,
    access: 'public', body: saveDataBody, response: saveDataReply, idempotent: true,
  }),
} as const;
