/**
 * The e-mail outbox is a demonstration's tool, never a production page: /dev/mailbox and /dev/mailbox.json exist only
 * with mail kept in the outbox AND the demo data loaded; a production start (PostgreSQL without DEMO_DATA) without
 * MAIL_URL refuses to start, naming the variable; and an e-mail that carries a one-time credential keeps its content
 * only until a real SMTP server (smtp-server, in this process) accepted it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { MSG } from '@edu/shared/messages';
import { loadConfig } from '../src/app';
import { startupRefusal } from '../src/config';
import { SECRET_REMOVED } from '../src/platform/mail';
import { migrationsDir } from '../src/platform/db';
import { emails } from '../src/platform/platform.tables';
import { call, createTestApp, demoEmail, lastEmailTo, linkIn, signIn, type TestApp } from './harness';
import { SRC, sourceFiles } from './source-scan';

const root = path.resolve(import.meta.dirname, '../../..');
const postgres = Boolean(inject('testDatabase'));

describe('configuration: where the outbox pages exist and when a start is refused', () => {
  const PG = 'postgres://127.0.0.1:5432/saber';
  it.each([
    ['embedded default', {}, { outboxPages: true, refused: false }],
    ['embedded with MAIL_URL', { MAIL_URL: 'smtp://mail:25' }, { outboxPages: false, refused: false }],
    ['PostgreSQL with DEMO_DATA=true', { DATABASE_URL: PG, DEMO_DATA: 'true' }, { outboxPages: true, refused: false }],
    ['PostgreSQL with DEMO_DATA=true and MAIL_URL', { DATABASE_URL: PG, DEMO_DATA: 'true', MAIL_URL: 'smtp://mail:25' }, { outboxPages: false, refused: false }],
    ['PostgreSQL with MAIL_URL (production)', { DATABASE_URL: PG, MAIL_URL: 'smtp://mail:25' }, { outboxPages: false, refused: false }],
    ['PostgreSQL without MAIL_URL nor DEMO_DATA', { DATABASE_URL: PG }, { outboxPages: false, refused: true }],
    ['PostgreSQL with DEMO_DATA=false and no MAIL_URL', { DATABASE_URL: PG, DEMO_DATA: 'false' }, { outboxPages: false, refused: true }],
  ])('%s', (_name, env, expected) => {
    const config = loadConfig(env);
    expect(config.outboxPages).toBe(expected.outboxPages);
    const refusal = startupRefusal(config);
    expect(refusal !== null).toBe(expected.refused);
    if (refusal) {
      expect(refusal).toContain('MAIL_URL');
      expect(refusal).not.toContain('\n');
    }
  });

  it('the server refuses a production start without MAIL_URL with one line and a non-zero exit, before touching the database', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-refusal-'));
    // Port 1: nothing listens there; the refusal comes before any connection.
    const env = { PATH: process.env.PATH ?? '', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nada', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${startupRefusal(loadConfig(env))}\n`);
    expect(stderr).toMatch(/^MAIL_URL não definido: .*DEMO_DATA=true/);
  });
});

describe.skipIf(!postgres)('a production-like start (PostgreSQL, no demo data, no MAIL_URL)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // With the web app built, an unknown address answers its index.html: the outbox must be a 404 all the same.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    // The harness loads the demo accounts itself (to sign in), but the configuration is a production one: no DEMO_DATA.
    t = await createTestApp({ env: { WEB_DIST: webDist } });
    expect(t.deps.config.loadDemoData).toBe(false);
    await t.deps.mailer.startWorker();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers 404 to /dev/mailbox and /dev/mailbox.json, with or without a session, after a reset e-mail was queued', async () => {
    expect((await call(t.app, 'POST', '/api/forgot-password', { payload: { email: demoEmail('client') } })).statusCode).toBe(200);
    await expect.poll(async () => (await lastEmailTo(t.deps, demoEmail('client')))?.status, { timeout: 15_000 }).toBe('outbox');
    const admin = await signIn(t.app, 'admin');
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.json?x=1', '/dev/mailbox/']) {
      for (const token of [undefined, admin]) {
        const res = await call(t.app, 'GET', url, { token });
        expect(res.statusCode, `${url} ${token ? 'admin' : 'no session'}`).toBe(404);
        expect(res.body).not.toContain('reset-password');
      }
    }
    // The web app still answers its own pages.
    expect((await call(t.app, 'GET', '/dashboard')).statusCode).toBe(200);
  });
});

describe('the demonstration (demo data loaded, no MAIL_URL) keeps its outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_DATA: 'true' } });
    await t.deps.mailer.startWorker();
  });
  afterAll(() => t?.close());

  it('serves /dev/mailbox and /dev/mailbox.json with the secret e-mails readable', async () => {
    expect((await call(t.app, 'POST', '/api/forgot-password', { payload: { email: demoEmail('user') } })).statusCode).toBe(200);
    await expect.poll(async () => (await lastEmailTo(t.deps, demoEmail('user')))?.status, { timeout: 15_000 }).toBe('outbox');
    const mail = await lastEmailTo(t.deps, demoEmail('user'));
    expect(mail!.secret).toBe(true);
    const link = linkIn(mail);
    expect(link.pathname).toBe('/reset-password');
    const json = await call(t.app, 'GET', '/dev/mailbox.json');
    expect(json.statusCode).toBe(200);
    const row = json.json<{ to: string; text: string }[]>().find((m) => m.to === demoEmail('user'));
    expect(row?.text).toContain(link.searchParams.get('token'));
    const html = await call(t.app, 'GET', '/dev/mailbox');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Redefinição de senha');
  });
});

/** The body of a received message with quoted-printable soft breaks and escapes undone (enough to find an ASCII link). */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('delivery over SMTP removes the content of secret e-mails', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { MAIL_URL: `smtp://127.0.0.1:${port}` } });
    expect(t.deps.config.outboxPages).toBe(false);
    await t.deps.mailer.startWorker();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const sentTo = async (address: string) => {
    await expect.poll(async () => (await lastEmailTo(t.deps, address))?.status, { timeout: 15_000 }).toBe('sent');
    return (await lastEmailTo(t.deps, address))!;
  };

  it('a reset-password e-mail is delivered with its link, then the outbox keeps only to, subject, times, status and attempts', async () => {
    expect((await call(t.app, 'POST', '/api/forgot-password', { payload: { email: demoEmail('client') } })).statusCode).toBe(200);
    const row = await sentTo(demoEmail('client'));
    const message = received.find((m) => m.to.includes(demoEmail('client')));
    expect(decoded(message!.raw)).toMatch(/\/reset-password\?token=[\w-]+/);
    expect(row).toMatchObject({ to: demoEmail('client'), subject: 'Redefinição de senha', status: 'sent', attempts: 1, secret: true });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.text).toBe(MSG.mailSecretRemoved);
    expect(row.html).toBe(SECRET_REMOVED.html);
    expect(`${row.text}${row.html}`).not.toContain('token');
    // The operator's view: nothing but the note is left of it anywhere in the row.
    const [stored] = await t.deps.db.select().from(emails).where(eq(emails.id, row.id));
    expect(JSON.stringify(stored)).not.toContain('reset-password');
  });

  it('a first password (a new team member) is delivered, then removed', async () => {
    const provider = await signIn(t.app, 'provider');
    const email = 'novo.editor.smtp@exemplo.com.br';
    const res = await call(t.app, 'POST', '/api/create', { token: provider, payload: { name: 'Novo Editor', email, type: 'editor' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const row = await sentTo(email);
    expect(decoded(received.find((m) => m.to.includes(email))!.raw)).toContain('senha provis');
    expect(row.text).toBe(MSG.mailSecretRemoved);
  });

  it('an e-mail without a secret keeps its content after delivery', async () => {
    const to = 'aviso.smtp@exemplo.com.br';
    await t.deps.db.transaction((tx) => t.deps.mailer.send(tx, { to, subject: 'Aviso', paragraphs: ['Um aviso sem nenhum dado de acesso.'] }));
    const row = await sentTo(to);
    expect(row.secret).toBe(false);
    expect(row.text).toBe('Um aviso sem nenhum dado de acesso.');
    expect(row.html).toContain('Um aviso sem nenhum dado de acesso.');
    expect(received.some((m) => m.to.includes(to))).toBe(true);
  });

  it('every e-mail of the server that carries a first password, a token or an LMS key is sent with secret: true', () => {
    const calls = sourceFiles().flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return [...source.matchAll(/mailer\.send\(/g)].map((m) => {
        const rest = source.slice(m.index, m.index + 1200);
        const end = rest.search(/\n\s*\}\)/);
        return { file: path.relative(SRC, file), chunk: end === -1 ? rest : rest.slice(0, end) };
      });
    });
    const credential = /senha provisória|token|chave LMS/i;
    const withSecret = calls.filter((c) => credential.test(c.chunk));
    // First passwords (users, import, provider approval, two institution mails, e-mail confirmed), reset, confirmation, LMS key.
    expect(withSecret.length).toBeGreaterThanOrEqual(9);
    expect(withSecret.filter((c) => !/secret: true/.test(c.chunk)).map((c) => c.file)).toEqual([]);
    // And only those: a message without a credential keeps its content for the operator.
    expect(calls.filter((c) => !credential.test(c.chunk) && /secret: true/.test(c.chunk)).map((c) => c.file)).toEqual([]);
  });

  it('migration 0031 writes the same note over secret e-mails delivered before it', () => {
    const sql = fs.readFileSync(path.join(migrationsDir(), '0031_email_secret.sql'), 'utf8');
    expect(sql).toContain(`'${SECRET_REMOVED.text}'`);
    expect(sql).toContain(`'${SECRET_REMOVED.html}'`);
  });
});
