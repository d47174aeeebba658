/**
 * POST /api/charges/webhook: a payment provider tells the platform a Pix arrived. The body is the Banco Central's Pix
 * API webhook shape, `{"pix": [{"endToEndId", "txid", "valor": "123.45", "horario": "2020-09-09T20:15:00.000-03:00"}]}`
 * (other fields ignored), signed: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body bytes with PIX_WEBHOOK_SECRET>`.
 *
 * - No PIX_WEBHOOK_SECRET: 404 (the route does not exist for the outside).
 * - Missing, malformed or wrong signature: 401, nothing read further, nothing changed (logged).
 * - A signed body that is not a Pix notice: 400.
 * - Each payment: the charge whose code is the txid, with the same amount, is paid as the system (`payCharge`, the hand
 *   payment's code), on the São Paulo date of `horario`, with the endToEndId as the reference. An unknown txid is
 *   answered `unknown` (200: the provider must not retry a payment that is not ours); another amount `amount_mismatch`
 *   (not paid, audited `refused_pix_notice`); a charge already paid `already_paid` (a replayed notice changes
 *   nothing); a canceled one `canceled` (audited). Each payment in a transaction of its own.
 *
 * The raw body is needed for the signature: this plugin scope reads `application/json` as bytes (its own content type
 * parser, at most PIX_WEBHOOK_BODY_LIMIT), parses the JSON only after the signature holds. Rate limited per address
 * (RATE_LIMIT_PIX_WEBHOOK per minute).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MSG } from '@edu/shared/messages';
import { spToday } from '@edu/shared/format';
import { chargePaymentRoutes as R, pixNotice, PIX_SIGNATURE_HEADER, PIX_WEBHOOK_BODY_LIMIT, type PixNoticeReply } from '@edu/shared/charge-payments';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors';
import { limitAddress, registerRoute } from '../../platform/http';
import { record } from '../../platform/audit';
import { charges } from './charges.tables';
import { payCharge, SYSTEM_ACTOR } from './charges.commands';

const INVALID_NOTICE = 'Aviso de pagamento Pix inválido.';
const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/** The header's signature matches the body's HMAC with `secret` (constant time on equal-length digests). */
export function validSignature(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  const m = typeof header === 'string' ? SIGNATURE.exec(header.trim()) : null;
  if (!m) return false;
  const given = Buffer.from(m[1]!, 'hex');
  const expected = crypto.createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The signature header a provider sends for `raw` (tests, the docs' example). */
export const signPixNotice = (secret: string, raw: string | Buffer) => `sha256=${crypto.createHmac('sha256', secret).update(raw).digest('hex')}`;

const centsOf = (valor: string) => {
  const [reais, cents] = valor.split('.');
  return Number(reais) * 100 + Number(cents);
};

export function pixNoticeService(deps: Pick<Deps, 'db' | 'jobs' | 'config'>) {
  const { db } = deps;
  return {
    async receive(raw: unknown, signature: string | string[] | undefined, log: FastifyBaseLogger): Promise<PixNoticeReply> {
      const secret = deps.config.PIX_WEBHOOK_SECRET;
      if (!secret) throw notFound();
      const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
      if (!validSignature(secret, body, signature)) {
        log.warn({ pixWebhook: { signature: signature === undefined ? 'missing' : 'invalid', bytes: body.length } }, 'Pix: aviso recusado (assinatura)');
        throw unauthorized();
      }
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw badRequest(INVALID_NOTICE);
      }
      const notice = pixNotice.safeParse(json);
      if (!notice.success) throw badRequest(INVALID_NOTICE);
      const items = notice.data.pix.map((p) => {
        const at = new Date(p.horario);
        if (Number.isNaN(at.getTime())) throw badRequest(INVALID_NOTICE);
        const today = spToday();
        const day = spToday(at);
        return { endToEndId: p.endToEndId, txid: p.txid ? p.txid.toUpperCase() : null, amountCents: centsOf(p.valor), paidOn: day > today ? today : day };
      });

      const results: PixNoticeReply['results'] = [];
      for (const item of items) {
        const answer = (result: PixNoticeReply['results'][number]['result']) => results.push({ endToEndId: item.endToEndId, txid: item.txid, result });
        const [charge] = item.txid ? await db.select().from(charges).where(eq(charges.code, item.txid)) : [];
        if (!charge) {
          log.info({ pixWebhook: { endToEndId: item.endToEndId, txid: item.txid } }, 'Pix: aviso de um txid desconhecido (ignorado)');
          answer('unknown');
          continue;
        }
        const refuse = async (reason: 'amount_mismatch' | 'canceled' | 'duplicate_payment') => {
          log.warn({ pixWebhook: { endToEndId: item.endToEndId, chargeId: charge.id, reason } }, 'Pix: aviso não pago');
          await record(db, {
            userId: null,
            sellerId: null,
            action: 'refused_pix_notice',
            data: { chargeId: charge.id, sellerId: charge.sellerId, code: charge.code, reason, amountCents: charge.amountCents, receivedCents: item.amountCents, endToEndId: item.endToEndId, paidOn: item.paidOn },
          });
          answer(reason === 'duplicate_payment' ? 'already_paid' : reason);
        };
        /** Paid already: the same notice again changes nothing; ANOTHER payment of it (a second Pix) is money to give back. */
        const paidAlready = async (paidReference: string | null) => {
          if (paidReference === item.endToEndId) answer('already_paid');
          else await refuse('duplicate_payment');
        };
        if (charge.status === 'paid') {
          await paidAlready(charge.paidReference);
          continue;
        }
        if (charge.status === 'canceled') {
          await refuse('canceled');
          continue;
        }
        if (charge.amountCents !== item.amountCents) {
          await refuse('amount_mismatch');
          continue;
        }
        try {
          await db.transaction((tx) => payCharge(deps, tx, charge.id, SYSTEM_ACTOR, { paidOn: item.paidOn, reference: item.endToEndId }));
          answer('paid');
        } catch (err) {
          // Paid (or canceled) since it was read: the team, an import or the same notice at the same time.
          if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
          const [now] = await db.select({ status: charges.status, paidReference: charges.paidReference }).from(charges).where(eq(charges.id, charge.id));
          if (now?.status === 'paid') await paidAlready(now.paidReference);
          else await refuse('canceled');
        }
      }
      return { results };
    },
  };
}

/** The webhook's route, in a scope of its own: the raw-body JSON parser and the rate limit apply to it alone. */
export function pixWebhookRoute(app: FastifyInstance, deps: Deps) {
  const svc = pixNoticeService(deps);
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: PIX_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const limiter = scope.createRateLimit({
      max: deps.config.RATE_LIMIT_PIX_WEBHOOK,
      timeWindow: '1 minute',
      keyGenerator: (request) => `pix-webhook:${limitAddress(request)}`,
    });
    scope.addHook('onRequest', async (request) => {
      const limit = await limiter(request);
      if (!limit.isAllowed && limit.isExceeded) throw new AppError(429, 'RATE_LIMITED', MSG.tooManyAttempts);
    });
    registerRoute(scope, deps, R.webhook, ({ request, body }) => svc.receive(body, request.headers[PIX_SIGNATURE_HEADER], request.log));
  });
}
