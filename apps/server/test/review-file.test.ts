/**
 * The AI review file (POST /items/item/content/{id}/auto-review?returnFile=true → review_{id}.txt),
 * against a fake OpenAI-compatible chat API on loopback: the unit's text is sent with the reviewer's instructions,
 * the file carries the answer; staff and institutions granted reviewFiles only; the §8 failure text on a provider error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PACKAGE_MSG } from '@edu/shared/packages';
import { itemContents, items, providers, sellers, users } from '../src/db/schema';
import { REVIEW_SYSTEM_PROMPT } from '../src/modules/delivery/review-file';
import { call, createTestApp, signIn, type TestApp } from './harness';

const REVIEW = 'Clareza: boa.\nErros: "fraçao" deve ser "fração".\nAdequação ao nível: adequada.';
const state = { fail: false, seen: [] as { messages: { role: string; content: string }[] }[] };
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    state.seen.push(JSON.parse(raw || '{}'));
    res.setHeader('content-type', 'application/json');
    if (state.fail) {
      res.statusCode = 500;
      return res.end('{}');
    }
    res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: REVIEW } }] }));
  });
});

let t: TestApp;
const tok: Record<string, string> = {};
let sellerId = 0;
let contentId = 0;
let title = '';
const review = (token: string, returnFile = true) =>
  call(t.app, 'POST', `/api/items/item/content/${contentId}/auto-review`, { token, query: { returnFile: String(returnFile) } });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({ env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '2000' } });
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  sellerId = seller!.id!;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  const [unit] = (await db.select({ content: items.publishedContentId }).from(items).where(eq(items.providerId, provider!.id))).filter((i) => i.content !== null);
  contentId = unit!.content!;
  title = (await db.select({ title: itemContents.title }).from(itemContents).where(eq(itemContents.id, contentId)))[0]!.title;
  for (const [key, login] of [['seller', 'seller'], ['assistant', 'seller.assistente'], ['provider', 'provider'], ['manager', 'manager']] as const) {
    tok[key] = await signIn(t.app, login);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('auto-review', () => {
  it('refuses an institution without the reviewFiles grant (403) and the unit author (route roles)', async () => {
    const res = await review(tok.seller!);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PACKAGE_MSG.reviewNoGrant);
    expect((await review(tok.provider!)).statusCode).toBe(403);
    expect(state.seen).toHaveLength(0);
  });

  it('staff get review_{id}.txt with the AI answer; the prompt carries the unit text and the instructions', async () => {
    const res = await review(tok.manager!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="review_${contentId}.txt"`);
    expect(res.body).toContain(REVIEW);
    expect(res.body).toContain(`Revisão da unidade "${title}"`);
    const sent = state.seen.at(-1)!;
    expect(sent.messages[0]).toEqual({ role: 'system', content: REVIEW_SYSTEM_PROMPT });
    expect(sent.messages[1]!.content).toContain(`Título: ${title}`);
    expect(sent.messages[1]!.content).toContain('Introdução:');
    // Without returnFile: JSON.
    const json = await review(tok.manager!, false);
    expect(json.json().text).toContain(REVIEW);
  });

  it('a granted institution reviews a unit it rents; its assistant, who only reads, may not (403)', async () => {
    await t.deps.db.update(sellers).set({ grants: ['reviewFiles'] }).where(eq(sellers.id, sellerId));
    expect((await review(tok.seller!)).statusCode).toBe(200);
    expect((await review(tok.assistant!)).statusCode).toBe(403);
  });

  it("answers the spec's failure text when the AI fails", async () => {
    state.fail = true;
    try {
      const res = await review(tok.seller!);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(PACKAGE_MSG.reviewFail);
    } finally {
      state.fail = false;
    }
  });
});
