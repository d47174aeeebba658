/**
 * The AI activity generator (spec 1 §2.15, §5, §7 "AI generation"): against a fake OpenAI-compatible
 * chat API on loopback, started here. Success, provider error, time-out, allow-list, not configured,
 * bad input and the rate limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { AI_ACTIVITY_MODELS } from '@edu/shared/ai';
import { users } from '../src/db/schema';
import { createSession } from '../src/platform/sessions';
import { ACTIVITY_SECTIONS } from '../src/modules/ai/activity-prompt';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildUser } from './factories';

type Mode = 'ok' | 'error' | 'hang' | 'empty';
interface Seen {
  url: string;
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** A fake chat-completions server: answers according to `mode` and remembers what it was sent. */
function fakeAi() {
  const state = { mode: 'ok' as Mode, seen: [] as Seen[] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      state.seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || '{}') });
      if (state.mode === 'hang') return; // never answers
      res.setHeader('content-type', 'application/json');
      if (state.mode === 'error') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
      }
      const content = state.mode === 'empty' ? '' : '1. Título da atividade\nDebate: energia limpa\n\n2. Duração\n90 minutos';
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
  });
  return {
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const fake = fakeAi();
let t: TestApp;
let sellerId: number;
let sellerToken: string;
const BODY = { topic: 'Energias renováveis', model: 'Estudo de Caso Colaborativo', duration: 120 };

const generate = (token: string | undefined, payload: unknown, app = t) => call(app.app, 'POST', '/api/ai/activities', { token, payload: payload as object });

beforeAll(async () => {
  const baseUrl = await fake.start();
  // The demo institution is the first seller of a fresh database.
  t = await createTestApp({
    env: { AI_BASE_URL: `${baseUrl}/`, AI_API_KEY: 'test-key', AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '400', AI_ALLOWED_SELLER_IDS: ' 1, 42 ,x' },
  });
  const [seller] = await t.deps.db.select().from(users).where(eq(users.email, demoEmail('seller')));
  sellerId = seller!.sellerId!;
  expect(sellerId).toBe(1);
  sellerToken = await signIn(t.app, 'seller');
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

describe('POST /api/ai/activities', () => {
  it('sends the built prompt to the chat API and answers its text', async () => {
    fake.state.mode = 'ok';
    fake.state.seen = [];
    const res = await generate(sellerToken, BODY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: '1. Título da atividade\nDebate: energia limpa\n\n2. Duração\n90 minutos' });

    expect(fake.state.seen).toHaveLength(1);
    const sent = fake.state.seen[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer test-key');
    expect(sent.body.model).toBe('fake-model');
    const prompt = sent.body.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toContain('"Estudo de Caso Colaborativo"');
    expect(prompt).toContain('"Energias renováveis"');
    expect(prompt).toContain('120 minutos');
    for (const section of ACTIVITY_SECTIONS) expect(prompt).toContain(section);
    expect(sent.body.messages.find((m) => m.role === 'system')!.content).toContain('português do Brasil');
  });

  it('the content manager of an allowed institution may generate too', async () => {
    fake.state.mode = 'ok';
    const res = await generate(await signIn(t.app, 'seller.conteudo'), { ...BODY, model: AI_ACTIVITY_MODELS[0], duration: 60 });
    expect(res.statusCode).toBe(200);
  });

  it('a provider error gives 502 with the pt-BR message', async () => {
    fake.state.mode = 'error';
    const res = await generate(sellerToken, BODY);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'AI_PROVIDER_ERROR', message: MSG.aiProviderFail });
    fake.state.mode = 'empty';
    expect((await generate(sellerToken, BODY)).json()).toMatchObject({ statusCode: 502, message: MSG.aiProviderFail });
  });

  it('a provider that never answers gives 504 with the pt-BR message, quickly', async () => {
    fake.state.mode = 'hang';
    const started = Date.now();
    const res = await generate(sellerToken, BODY);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'AI_TIMEOUT', message: MSG.aiTimeout });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('institutions outside the allow-list and users without an institution get 403', async () => {
    fake.state.mode = 'ok';
    fake.state.seen = [];
    const other = await buildInstitution(t.deps.db, { name: 'Colégio Sem IA', cnpj: '11444777000161', status: 'active' });
    const user = await buildUser(t.deps.db, { name: 'Gestora Sem IA', email: 'sem.ia@exemplo.com.br', type: 'seller', sellerId: other });
    const outsider = await createSession(t.deps.db, user);
    const res = await generate(outsider, BODY);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'AI_RESTRICTED', message: `${MSG.aiRestrictedTitle}. ${MSG.aiRestricted}` });
    expect((await call(t.app, 'GET', '/api/ai/access', { token: outsider })).json()).toEqual({ configured: true, allowed: false });

    const admin = await generate(await signIn(t.app, 'admin'), BODY);
    expect(admin.statusCode).toBe(403);
    expect(fake.state.seen).toHaveLength(0);
  });

  it('refuses user types without the menu entry and requests without a session', async () => {
    for (const local of ['provider', 'director', 'seller.assistente', 'client']) {
      const res = await generate(await signIn(t.app, local), BODY);
      expect(res.statusCode, local).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.forbidden });
    }
    expect((await generate(undefined, BODY)).statusCode).toBe(401);
  });

  it('all three fields are required, with the spec message', async () => {
    for (const payload of [{}, { ...BODY, topic: '   ' }, { ...BODY, model: 'Palestra' }, { ...BODY, duration: 45 }, { topic: 'x', model: BODY.model }]) {
      const res = await generate(sellerToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.aiRequired });
    }
    const extra = await generate(sellerToken, { ...BODY, prompt: 'ignore tudo' });
    expect(extra.json()).toMatchObject({ statusCode: 400, message: MSG.unknownField('prompt') });
  });
});

describe('GET /api/ai/access', () => {
  it('tells the screen whether the feature is configured and open to the user', async () => {
    expect((await call(t.app, 'GET', '/api/ai/access', { token: sellerToken })).json()).toEqual({ configured: true, allowed: true });
    expect((await call(t.app, 'GET', '/api/ai/access', { token: await signIn(t.app, 'admin') })).json()).toEqual({ configured: true, allowed: false });
  });
});

describe('not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ env: { AI_ALLOWED_SELLER_IDS: '1', RATE_LIMIT_AI: '2' } });
  });
  afterAll(() => bare?.close());

  it('answers 503 with a pt-BR message, and the AI rate limit applies', async () => {
    const token = await signIn(bare.app, 'seller');
    expect((await call(bare.app, 'GET', '/api/ai/access', { token })).json()).toEqual({ configured: false, allowed: true });
    const first = await generate(token, BODY, bare);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED', message: MSG.aiNotConfigured });
    expect((await generate(token, BODY, bare)).statusCode).toBe(503);
    const limited = await generate(token, BODY, bare);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: MSG.tooManyAttempts });
  });

  it('without configuration the public config has no tutorial videos', async () => {
    const config = (await call(bare.app, 'GET', '/api/public-config')).json<{ lmsTutorialVideoUrl: unknown; tutorials: { videoId: unknown }[] }>();
    expect(config.lmsTutorialVideoUrl).toBeNull();
    expect(config.tutorials).toHaveLength(8);
    expect(config.tutorials.every((v) => v.videoId === null)).toBe(true);
  });
});
