/**
 * The AI activity generator: any OpenAI-compatible chat API (POST {AI_BASE_URL}/chat/completions),
 * called with plain fetch and an AbortController time-out (AI_TIMEOUT_MS). Open to the institutions of
 * AI_ALLOWED_SELLER_IDS only; with no list and the demo data loaded (the embedded default), the demo
 * institution is open, so a fresh `npm start` shows the screens. Nothing is stored: generating changes no data, so there is no audit entry.
 */
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { aiActivityBody } from '@edu/shared/ai';
import { MSG } from '@edu/shared/messages';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { DEMO_SELLER_CNPJ } from '../../demo/accounts';
import { sellers } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { SYSTEM_PROMPT, buildActivityPrompt } from './activity-prompt';

/** The answer is plain text; a runaway model is cut here. */
const MAX_TEXT = 50_000;

export function allowedSellerIds(config: Config): Set<number> {
  return new Set(
    config.AI_ALLOWED_SELLER_IDS.split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  );
}

export const aiConfigured = (config: Config) => config.AI_BASE_URL.trim() !== '' && config.AI_MODEL.trim() !== '';

/**
 * THE call of the OpenAI-compatible chat API (POST {AI_BASE_URL}/chat/completions) with the AI_TIMEOUT_MS time-out:
 * the activity generator and the review file use it. Refusals become 502 (`messages.fail`) or 504
 * (`messages.timeout`); the answer is trimmed and cut at MAX_TEXT.
 */
export async function chatComplete(
  config: Config,
  input: { system: string; prompt: string; temperature: number },
  log: FastifyBaseLogger,
  messages: { fail: string; timeout: string },
): Promise<string> {
  const url = `${config.AI_BASE_URL.trim().replace(/\/+$/, '')}/chat/completions`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.AI_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        ...(config.AI_API_KEY ? { authorization: `Bearer ${config.AI_API_KEY}` } : {}),
      },
      body: JSON.stringify({
        model: config.AI_MODEL.trim(),
        messages: [
          { role: 'system', content: input.system },
          { role: 'user', content: input.prompt },
        ],
        temperature: input.temperature,
      }),
    });
    if (!res.ok) {
      log.warn({ status: res.status, body: (await res.text().catch(() => '')).slice(0, 500) }, 'AI provider refused the request');
      throw new AppError(502, 'AI_PROVIDER_ERROR', messages.fail);
    }
    const data = (await res.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
    const text = data?.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || text.trim() === '') {
      log.warn('AI provider answered without text');
      throw new AppError(502, 'AI_PROVIDER_ERROR', messages.fail);
    }
    return text.trim().slice(0, MAX_TEXT);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (controller.signal.aborted) {
      log.warn({ timeoutMs: config.AI_TIMEOUT_MS }, 'AI provider timed out');
      throw new AppError(504, 'AI_TIMEOUT', messages.timeout);
    }
    log.warn({ err: String(err) }, 'AI provider unreachable');
    throw new AppError(502, 'AI_PROVIDER_ERROR', messages.fail);
  } finally {
    clearTimeout(timer);
  }
}

export function aiService(deps: Deps) {
  const { config } = deps;
  const allowList = allowedSellerIds(config);
  const demoOpen = config.AI_ALLOWED_SELLER_IDS.trim() === '' && config.loadDemoData;
  let demoSeller: Promise<number | null> | undefined;
  const demoSellerId = () =>
    (demoSeller ??= deps.db
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.cnpj, DEMO_SELLER_CNPJ))
      .then(([row]) => row?.id ?? null));
  /** THE rule: the user's institution is on the allow-list (or is the demo institution when no list is set). */
  const isAllowed = async (auth: AuthContext) => {
    const sellerId = auth.user.sellerId;
    if (sellerId === null) return false;
    if (allowList.has(sellerId)) return true;
    return demoOpen && (await demoSellerId()) === sellerId;
  };

  const complete = (prompt: string, log: FastifyBaseLogger) =>
    chatComplete(config, { system: SYSTEM_PROMPT, prompt, temperature: 0.7 }, log, { fail: MSG.aiProviderFail, timeout: MSG.aiTimeout });

  return {
    async access(auth: AuthContext) {
      return { configured: aiConfigured(config), allowed: await isAllowed(auth) };
    },

    async activity(auth: AuthContext, body: z.output<typeof aiActivityBody>, log: FastifyBaseLogger) {
      if (!(await isAllowed(auth))) throw new AppError(403, 'AI_RESTRICTED', `${MSG.aiRestrictedTitle}. ${MSG.aiRestricted}`);
      if (!aiConfigured(config)) throw new AppError(503, 'AI_NOT_CONFIGURED', MSG.aiNotConfigured);
      const text = await complete(buildActivityPrompt({ topic: body.topic, model: body.model, duration: body.duration }), log);
      return { text };
    },
  };
}
