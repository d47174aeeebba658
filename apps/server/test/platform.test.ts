import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/app';
import { ConfigError, databaseStartFailure, startupWarnings } from '../src/config';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { emails } from '../src/platform/platform.tables';
import { hasHits, pgRateLimitStore } from '../src/platform/rate-limit-store';
import { createTestApp, demoEmail, type TestApp } from './harness';
import { waitUntil } from './wait';

describe('configuration', () => {
  it('embedded default without DATABASE_URL: demo data, outbox mail', () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.loadDemoData).toBe(true);
    expect(config.mailMode).toBe('outbox');
  });

  it('never loads demo data into a real database unless DEMO_DATA=true', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).loadDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO_DATA: 'true' }).loadDemoData).toBe(true);
    expect(loadConfig({ MAIL_URL: 'smtp://mail:25' }).mailMode).toBe('smtp');
  });

  it('PUBLIC_URL follows PORT unless it is set', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4600' }).PUBLIC_URL).toBe('http://localhost:4600');
    expect(loadConfig({ PORT: '4600', PUBLIC_URL: 'https://saber.exemplo.com.br' }).PUBLIC_URL).toBe('https://saber.exemplo.com.br');
  });

  /** The lines a ConfigError gives for `env` (none: the configuration loads). */
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.lines;
      throw err;
    }
  };

  it('names every invalid variable in one pt-BR line with what it must be, never a validation dump', () => {
    expect(problems({ DATABASE_POOL_MAX: 'abc' })).toEqual(['DATABASE_POOL_MAX: informe um número inteiro (recebido: "abc")']);
    expect(problems({ DATABASE_POOL_MAX: '0' })).toEqual(['DATABASE_POOL_MAX: informe um número inteiro maior que 0 (recebido: "0")']);
    expect(problems({ PORT: '70000' })).toEqual(['PORT: informe um número inteiro até 65535 (recebido: "70000")']);
    expect(problems({ LOG_LEVEL: 'verbose' })).toEqual(['LOG_LEVEL: use fatal, error, warn, info, debug, trace, silent (recebido: "verbose")']);
    expect(problems({ DEMO_DATA: 'sim' })).toEqual(['DEMO_DATA: use 0, 1, true, false (recebido: "sim")']);
    expect(problems({ PLATFORM_TEAM_EMAIL: 'equipe' })[0]).toMatch(/^PLATFORM_TEAM_EMAIL: informe um endereço de e-mail/);
    expect(problems({ DATABASE_URL: 'notaurl' })[0]).toMatch(/^DATABASE_URL: informe um endereço do PostgreSQL, por exemplo postgres:\/\//);
    expect(problems({ DATABASE_URL: 'mysql://root@db/x' })[0]).toMatch(/^DATABASE_URL: /);
    expect(problems({ MAIL_URL: 'mail.exemplo.com' })[0]).toMatch(/^MAIL_URL: informe o endereço do servidor de e-mail/);
    expect(problems({ PUBLIC_URL: 'saber.exemplo.com.br' })[0]).toMatch(/^PUBLIC_URL: informe o endereço completo/);
    // Several at once: one line each, in the order of the configuration table.
    expect(problems({ PORT: 'x', DATABASE_POOL_MAX: 'abc', METRICS_TOKEN: 'curto' }).map((l) => l.split(':')[0])).toEqual(['PORT', 'DATABASE_POOL_MAX', 'METRICS_TOKEN']);
  });

  it('Pix of the charges: PIX_KEY checked as DICT holds it, PIX_NAME and PIX_CITY with it and within the BR Code, CHARGE_DUE_DAYS', () => {
    const pix = { PIX_KEY: '+55 (11) 98765-4321', PIX_NAME: 'Saber Compartilhado Ltda', PIX_CITY: 'São Paulo' };
    expect(problems(pix)).toEqual([]);
    expect(loadConfig({}).CHARGE_DUE_DAYS).toBe(5);
    expect(loadConfig({}).PIX_KEY).toBe('');
    expect(problems({ ...pix, PIX_KEY: '123.456.789-00' })).toEqual(['PIX_KEY: Chave Pix inválida: o CPF não confere.']);
    expect(problems({ ...pix, PIX_KEY: 'chave' })).toEqual([
      'PIX_KEY: Chave Pix inválida: use um CPF, um CNPJ, um e-mail, um telefone com +55 ou uma chave aleatória.',
    ]);
    expect(problems({ PIX_KEY: 'pix@exemplo.com.br' })).toEqual([
      'PIX_NAME: obrigatório junto com PIX_KEY (o pagador vê o nome e a cidade do recebedor)',
      'PIX_CITY: obrigatório junto com PIX_KEY (o pagador vê o nome e a cidade do recebedor)',
    ]);
    expect(problems({ PIX_NAME: 'Saber' })).toEqual(['PIX_NAME: informe também PIX_KEY (sem ela as cobranças não têm código Pix)']);
    expect(problems({ ...pix, PIX_NAME: 'Saber Compartilhado Educação Ltda' })).toEqual(['PIX_NAME: use no máximo 25 letras, números ou espaços']);
    expect(problems({ ...pix, PIX_CITY: 'São José dos Campos' })).toEqual(['PIX_CITY: use no máximo 15 letras, números ou espaços']);
    expect(problems({ CHARGE_DUE_DAYS: '0' })).toEqual(['CHARGE_DUE_DAYS: informe um número inteiro a partir de 1 (recebido: "0")']);
    expect(problems({ CHARGE_DUE_DAYS: 'cinco' })).toEqual(['CHARGE_DUE_DAYS: informe um número inteiro (recebido: "cinco")']);
    // The key itself is never repeated (it names a person's CPF or phone).
    for (const line of problems({ ...pix, PIX_KEY: '123.456.789-00' })) expect(line).not.toContain('123.456');
  });

  it('the late-payment rule: CHARGE_LATE_NOTICE_DAYS (days after the due date) and CHARGE_SUSPEND_AFTER_DAYS', () => {
    expect(loadConfig({}).CHARGE_LATE_NOTICE_DAYS).toEqual([0, 3, 7]);
    expect(loadConfig({}).CHARGE_SUSPEND_AFTER_DAYS).toBe(10);
    expect(loadConfig({ CHARGE_LATE_NOTICE_DAYS: '7, 1,1' }).CHARGE_LATE_NOTICE_DAYS).toEqual([1, 7]);
    expect(loadConfig({ CHARGE_LATE_NOTICE_DAYS: '' }).CHARGE_LATE_NOTICE_DAYS).toEqual([]);
    expect(problems({ CHARGE_LATE_NOTICE_DAYS: '0;3' })).toEqual(['CHARGE_LATE_NOTICE_DAYS: informe dias após o vencimento separados por vírgula, por exemplo 0,3,7']);
    expect(problems({ CHARGE_SUSPEND_AFTER_DAYS: '0' })).toEqual(['CHARGE_SUSPEND_AFTER_DAYS: informe um número inteiro a partir de 1 (recebido: "0")']);
  });

  it('accepts the connection strings the drivers read', () => {
    for (const url of ['postgres://postgres@127.0.0.1:5432/test', 'postgresql://u:p@db.exemplo.com/saber?sslmode=require', 'postgres:///saber?host=/var/run/postgresql', 'socket:/var/run/postgresql?db=saber']) {
      expect(problems({ DATABASE_URL: url }), url).toEqual([]);
    }
    for (const url of ['smtp://usuario:senha@servidor:587', 'smtps://servidor:465']) expect(problems({ MAIL_URL: url }), url).toEqual([]);
  });

  it('never repeats a value that may be secret', () => {
    const lines = problems({ DATABASE_URL: 'mysql://root:segredo@db/x', SHARE_LINK_SECRET: 'segredo', MAIL_URL: 'pop3://u:segredo@m' });
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain('segredo');
  });

  it('says at start when PUBLIC_URL looks wrong', () => {
    expect(startupWarnings({ PUBLIC_URL: 'http://localhost:3000', PORT: 3000, embedded: true })).toEqual([]);
    expect(startupWarnings({ PUBLIC_URL: 'https://saber.exemplo.com.br', PORT: 3000, embedded: false })).toEqual([]);
    const [port] = startupWarnings({ PUBLIC_URL: 'http://localhost:3000', PORT: 4600, embedded: true });
    expect(port).toMatch(/porta 3000 desta máquina, mas o servidor escuta na porta 4600/);
    const production = startupWarnings({ PUBLIC_URL: 'http://127.0.0.1:3000', PORT: 3000, embedded: false });
    expect(production).toEqual([expect.stringMatching(/^PUBLIC_URL \(http:\/\/127.0.0.1:3000\) é um endereço desta máquina/)]);
  });

  it("says why PostgreSQL refused the first connection, without the URL's credentials", () => {
    const url = 'postgres://usuario:segredo@db.exemplo.com:5432/saber';
    expect(databaseStartFailure({ code: 'ECONNREFUSED' }, url)).toBe(
      'Não foi possível conectar ao PostgreSQL de DATABASE_URL (db.exemplo.com:5432/saber): conexão recusada: o PostgreSQL está no ar nesse servidor e porta?',
    );
    expect(databaseStartFailure({ code: '28P01' }, url)).toMatch(/usuário ou senha recusados\.$/);
    expect(databaseStartFailure({ code: '3D000' }, url)).toMatch(/o banco não existe/);
    expect(databaseStartFailure({ code: 'ECONNREFUSED' }, url)).not.toContain('segredo');
    expect(databaseStartFailure(new Error('outra coisa'), url)).toBeNull();
    expect(databaseStartFailure({ code: 'ECONNREFUSED' }, undefined)).toBeNull();
  });

  it('a start with an invalid configuration prints one line per variable and exits 1, without a stack', () => {
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: server,
      env: { PATH: process.env.PATH, DATABASE_POOL_MAX: 'abc', DATABASE_URL: 'notaurl' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Configuração inválida:',
      expect.stringMatching(/^ {2}DATABASE_URL: informe um endereço do PostgreSQL/),
      '  DATABASE_POOL_MAX: informe um número inteiro (recebido: "abc")',
    ]);
    expect(run.stdout).toBe('');
  }, 60_000);
});

async function mailJobs(t: TestApp) {
  const { rows } = await t.deps.database.sql.executeSql("select state, retry_count from pgboss.job where name = 'mail'", []);
  return rows as { state: string; retry_count: number }[];
}

describe('mail delivery by job', () => {
  let outbox: TestApp;
  let smtp: TestApp;
  beforeAll(async () => {
    outbox = await createTestApp();
    // Nothing listens on port 1: every SMTP attempt fails.
    // A one-second retry delay (MAIL_RETRY_DELAY_SECONDS) keeps the retry test short.
    smtp = await createTestApp({ env: { MAIL_URL: 'smtp://127.0.0.1:1', MAIL_RETRY_DELAY_SECONDS: '1' } });
    await outbox.deps.mailer.startWorker();
    await smtp.deps.mailer.startWorker();
  });
  afterAll(async () => {
    await outbox?.close();
    await smtp?.close();
  });

  it('in outbox mode the job marks the e-mail as kept in the outbox', async () => {
    const res = await outbox.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: demoEmail('client') } });
    expect(res.statusCode).toBe(200);
    const row = await waitUntil(async () => {
      const [mail] = await outbox.deps.db.select().from(emails).where(eq(emails.to, demoEmail('client')));
      return mail?.status === 'outbox' ? mail : undefined;
    }, { interval: 200 });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
  });

  it('a failed SMTP delivery is recorded and the job is retried after MAIL_RETRY_DELAY_SECONDS', { timeout: 20_000 }, async () => {
    const res = await smtp.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: demoEmail('user') } });
    expect(res.statusCode).toBe(200);
    const row = await waitUntil(async () => {
      const [mail] = await smtp.deps.db.select().from(emails).where(eq(emails.to, demoEmail('user')));
      return mail?.status === 'failed' ? mail : undefined;
    }, { interval: 200 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await mailJobs(smtp)).some((j) => j.state === 'retry')).toBe(true);
    // pg-boss runs it again after the retry delay (1 s here, with backoff).
    const retried = await waitUntil(async () => {
      const [mail] = await smtp.deps.db.select().from(emails).where(eq(emails.to, demoEmail('user')));
      return mail && mail.attempts >= 2 ? mail : undefined;
    }, { timeout: 15_000, interval: 200 });
    expect(retried.status).toBe('failed');
  });

  it('a rolled-back change leaves neither the e-mail nor its job behind', async () => {
    const before = (await mailJobs(outbox)).length;
    await expect(
      outbox.deps.db.transaction(async (tx) => {
        await outbox.deps.mailer.send(tx, { to: 'rollback@exemplo.com.br', subject: 'x', paragraphs: ['x'] });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await outbox.deps.db.select().from(emails).where(eq(emails.to, 'rollback@exemplo.com.br'))).toHaveLength(0);
    expect((await mailJobs(outbox)).length).toBe(before);
  });

  it('answers carry the security headers', async () => {
    const res = await outbox.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });
});

describe('rate-limit counters in the database (rate_limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const incr = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      (store.incr as (k: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void, w: number) => void)(key, (e, r) => (e ? reject(e) : resolve(r!)), windowMs),
    );

  it('counts hits per key within a fixed window, starts again after it, and keeps routes apart', async () => {
    const Store = pgRateLimitStore(t.deps.database.sql);
    const root = new Store({} as never);
    const signin = root.child({ routeInfo: { method: 'POST', url: '/api/signin' } } as never);
    const forgot = root.child({ routeInfo: { method: 'POST', url: '/api/forgot-password' } } as never);
    expect((await incr(signin, 'k', 400)).current).toBe(1);
    const second = await incr(signin, 'k', 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    // Another route's counter with the same key, and another key, start at 1.
    expect((await incr(forgot, 'k', 400)).current).toBe(1);
    expect((await incr(signin, 'other', 400)).current).toBe(1);
    // The window is the database's clock (reset_at against now()): await its end rather than sleep past it.
    await waitUntil(async () => !(await hasHits(t.deps.database.sql, 'POST /api/signin k')), { interval: 25, what: 'the window ended' });
    expect((await incr(signin, 'k', 400)).current).toBe(1);
  });

  it('stores a long key (an e-mail read before validation) hashed, still counted', async () => {
    const store = new (pgRateLimitStore(t.deps.database.sql))({} as never);
    const key = `signin-email:${'x'.repeat(5000)}@exemplo.com.br`;
    expect((await incr(store, key, 60_000)).current).toBe(1);
    expect((await incr(store, key, 60_000)).current).toBe(2);
    const { rows } = await t.deps.database.sql.executeSql('select max(length(key))::int as longest from rate_limits', []);
    expect((rows[0] as { longest: number }).longest).toBeLessThanOrEqual(200);
  });
});
