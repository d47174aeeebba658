/**
 * The session check answered from memory: two instances on one PostgreSQL database. A session is cached by the instance
 * that checked it, and a sign-out, a password change or a status change made on the other instance ends it there at
 * once (the database notifies every instance). A request answered from the cache sends no statement for the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../src/platform/db';
import { createTestCluster, demoEmail, DEMO_PASSWORD, type TestCluster, type TestInstance } from './harness';

const postgres = !!process.env.DATABASE_URL;
let cluster: TestCluster;
let a: TestInstance;
let b: TestInstance;

beforeAll(async () => {
  if (!postgres) return;
  cluster = await createTestCluster(2);
  [a, b] = cluster.instances as [TestInstance, TestInstance];
}, 60_000);
afterAll(async () => {
  await cluster?.close();
});

async function call(instance: TestInstance, method: string, url: string, token?: string, json?: unknown) {
  const res = await fetch(`${instance.url}/api${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

async function signIn(instance: TestInstance, local: string, password = DEMO_PASSWORD) {
  const res = await call(instance, 'POST', '/signin', undefined, { email: demoEmail(local), password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** The statements a GET of /api/me on `instance` sends (the session check and nothing else reads the database there). */
async function meStatements(instance: TestInstance, token: string) {
  const { result, statements } = await countStatements(() => instance.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } }));
  return { status: result.statusCode, statements };
}

describe.skipIf(!postgres)('the session cache', () => {
  it('answers a repeated check from memory: no statement for the session', async () => {
    const token = await signIn(a, 'seller');
    const first = await meStatements(b, token);
    const again = await meStatements(b, token);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.statements).toBe(first.statements - 1);
  });

  it('ends a session cached on one instance at once when it signs out on the other', async () => {
    const token = await signIn(a, 'seller');
    expect((await call(b, 'GET', '/me', token)).status).toBe(200);
    expect((await call(b, 'GET', '/me', token)).status).toBe(200);
    expect((await call(a, 'POST', '/signout', token)).status).toBe(200);
    // The very next request on the other instance: no wait.
    expect((await call(b, 'GET', '/me', token)).status).toBe(401);
    expect((await call(a, 'GET', '/me', token)).status).toBe(401);
  });

  it('ends the other sessions of a user at once when the password changes on another instance', async () => {
    const kept = await signIn(a, 'seller.assistente');
    const other = await signIn(b, 'seller.assistente');
    expect((await call(b, 'GET', '/me', other)).status).toBe(200);
    const changed = await call(a, 'POST', '/update-password', kept, { currentPassword: DEMO_PASSWORD, password: 'nova-senha-1', password_confirmation: 'nova-senha-1' });
    expect(changed.status).toBe(200);
    expect((await call(b, 'GET', '/me', other)).status).toBe(401);
    expect((await call(b, 'GET', '/me', kept)).status).toBe(200);
  });

  it('ends a cached session at once when the institution deactivates its member on another instance', async () => {
    const admin = await signIn(a, 'seller');
    const provider = await signIn(b, 'seller.conteudo');
    const me = await call(b, 'GET', '/me', provider);
    expect(me.status).toBe(200);
    const id = Number((me.body.user as { id?: number } | undefined)?.id ?? me.body.id);
    expect(id).toBeGreaterThan(0);
    expect((await call(a, 'PUT', '/users/status', admin, { ids: [id], status: 'inative' })).status).toBe(200);
    expect((await call(b, 'GET', '/me', provider)).status).toBe(401);
  });
});
