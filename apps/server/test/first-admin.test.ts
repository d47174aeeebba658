/**
 * The first administrator of a production start (no demo data, no account): `npm run admin:create` through
 * `createAdmin` — the account signs in with the provisional password printed once, must change it first, and reaches
 * the administrator's screens; bad input and a taken e-mail change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { createAdmin } from '../src/modules/users/index';
import { users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { AppError } from '../src/platform/errors';
import { call, createTestApp, postSignin, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

const userCount = async () => (await t.deps.db.select({ n: count() }).from(users))[0]!.n;

describe('the first administrator', () => {
  it('signs in with the provisional password, must change it, then opens the admin screens', async () => {
    // On PostgreSQL the test database is cloned from a template that holds the demo accounts; on PGlite it has none.
    const before = await userCount();
    const admin = await createAdmin(t.deps.db, { email: '  Admin@Exemplo.com.br ', name: 'Ana Operadora' });
    expect(admin.email).toBe('admin@exemplo.com.br');
    expect(admin.password.length).toBeGreaterThanOrEqual(8);
    expect(await userCount()).toBe(before + 1);

    const signin = await postSignin(t.app, 'admin@exemplo.com.br', admin.password);
    expect(signin.statusCode).toBe(200);
    const { token, ...me } = signin.json<{ token: string; type: string; mustChangePassword: boolean; status: string }>();
    expect(me).toMatchObject({ type: 'admin', status: 'active', mustChangePassword: true });
    const blocked = await call(t.app, 'GET', '/api/users/filter', { token });
    expect(blocked.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: MSG.mustChangePassword });
    const changed = await call(t.app, 'POST', '/api/update-password', {
      token,
      payload: { currentPassword: admin.password, password: 'Nova-senha-2026', password_confirmation: 'Nova-senha-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const list = await call(t.app, 'GET', '/api/users/filter', { token });
    expect(list.statusCode, list.body).toBe(200);

    const [entry] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'created_new_user'));
    expect(entry).toMatchObject({ userId: null, data: { createdUserId: admin.id, type: 'admin', by: 'console' } });
  });

  it('refuses a taken e-mail (409) and bad input (400, pt-BR), creating nothing', async () => {
    const before = await userCount();
    await expect(createAdmin(t.deps.db, { email: 'admin@exemplo.com.br', name: 'Outra' })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Já existe uma conta com o e-mail admin@exemplo.com.br.',
    });
    const bad = await createAdmin(t.deps.db, { email: 'não é e-mail', name: 'X' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AppError);
    expect(bad).toMatchObject({ statusCode: 400, message: MSG.invalidEmail });
    await expect(createAdmin(t.deps.db, { email: 'b@exemplo.com.br', name: '  ' })).rejects.toMatchObject({ statusCode: 400, message: MSG.required });
    expect(await userCount()).toBe(before);
  });
});
