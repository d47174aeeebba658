/** Environment -> typed configuration. Every variable is listed in the README's configuration table. */
import { z } from 'zod';
import path from 'node:path';
import { LIMITS } from '@edu/shared/limits';
import { STOCK_TIMEOUT_MS } from '@edu/shared/galleries';
import { LMS_RATE_LIMIT_PER_MINUTE } from '@edu/shared/lms';
import type { S3Settings } from './platform/storage';
import { embedHostList, normalizeEmbedHost } from '@edu/shared/content/embed-hosts';
import { parseNetworks } from './platform/public-fetch';
import { CHARGES } from '@edu/shared/charge-machine';
import { normalizePixKey, normalizePixText, PIX_LIMITS, PixError } from '@edu/shared/pix';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** `v` parsed when it is a URL of one of `protocols` naming a server (or, for PostgreSQL, a `host=` socket folder). */
const urlOf = (v: string, protocols: string[]): URL | null => {
  try {
    const url = new URL(v);
    return protocols.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
};
/** An absolute http(s) address. */
const httpUrl = (v: string) => (urlOf(v, ['http:', 'https:'])?.hostname ?? '') !== '';
/** A PostgreSQL connection string node-postgres reads: a server (or a `host=` socket folder) named, or `socket:`. */
const postgresUrl = (v: string) => {
  const url = urlOf(v, ['postgres:', 'postgresql:', 'socket:']);
  if (!url) return false;
  return url.protocol === 'socket:' ? url.pathname !== '' : url.hostname !== '' || url.searchParams.has('host');
};
/** The SMTP address nodemailer's `createTransport(url)` reads. */
const smtpUrl = (v: string) => (urlOf(v, ['smtp:', 'smtps:'])?.hostname ?? '') !== '';

/** What is wrong with a Pix key (the pt-BR message of `normalizePixKey`), or null. */
const pixKeyIssue = (v: string): string | null => {
  if (v.trim() === '') return null;
  try {
    normalizePixKey(v);
    return null;
  } catch (err) {
    if (err instanceof PixError) return err.message;
    throw err;
  }
};
/** A Pix name or city fits the BR Code once reduced to its safe characters (`normalizePixText`). */
const pixTextFits = (max: number) => (v: string) => normalizePixText(v).length <= max;

const splitList = (v: string) => v.split(/[\s,]+/).filter(Boolean);
const validNetworks = (v: string) => {
  try {
    parseNetworks(v);
    return true;
  } catch {
    return false;
  }
};

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The address users reach the product at (links in e-mails, share links, LTI); unset: http://localhost:<PORT>. */
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || httpUrl(v), 'PUBLIC_URL: informe o endereço completo em que os usuários abrem o produto, com http:// ou https://, por exemplo https://saber.exemplo.com.br'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || postgresUrl(v), 'DATABASE_URL: informe um endereço do PostgreSQL, por exemplo postgres://usuario:senha@servidor:5432/banco (sem ele, o banco embutido é usado)'),
  /** PostgreSQL: connections of the app's pool per process (the job queue has its own, up to 10). */
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** Longest wait for a connection, a free one of the pool or a new one; past it the request answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** PostgreSQL's statement_timeout for the app's queries (0: none); migrations run without it. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(30_000),
  /** An idle pooled connection is closed after this long. */
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Named prepared statements, planned once per connection (default on); off behind a pooler in transaction mode older than PgBouncer 1.21. */
  DATABASE_PREPARE: z.enum(['on', 'off']).default('on'),
  DATA_DIR: z.string().default('./data'),
  DEMO_DATA: bool,
  MAIL_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || smtpUrl(v), 'MAIL_URL: informe o endereço do servidor de e-mail, por exemplo smtp://usuario:senha@servidor:587 (ou smtps:// na porta 465)'),
  /** First retry of a failed e-mail delivery after this many seconds (then doubling, 5 attempts). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().default(5),
  /** How often the access fold adds students' new accesses to the report rollups (reports also fold before reading). */
  ACCESS_FOLD_SECONDS: z.coerce.number().int().positive().default(5),
  MAIL_FROM: z.string().default('Saber Compartilhado <nao-responda@sabercompartilhado.com.br>'),
  /** The platform team's inbox: prospects of partners are e-mailed there. */
  PLATFORM_TEAM_EMAIL: z.string().email().default('equipe@sabercompartilhado.com.br'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Whether the client address comes from X-Forwarded-For (Fastify's trustProxy): off by default, so a
   * forged header cannot dodge the rate limits. Behind a proxy: `true` (trust every hop) or the proxies'
   * addresses, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `loopback`, `uniquelocal`). A hop count is
   * refused: this Fastify ignores it (it cannot check the peer), which would silently turn trust off.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine((v) => !/^\s*\d+\s*$/.test(v) || v.trim() === '0', 'TRUST_PROXY: informe true, false ou os endereços dos proxies (não um número de saltos)')
    .transform((v): boolean | string => {
      const t = v.trim();
      if (t === '' || t === 'false' || t === '0') return false;
      if (t === 'true') return true;
      return t;
    }),
  RATE_LIMIT_SIGNIN: z.coerce.number().int().positive().default(10),
  /**
   * Sign-in attempts per e-mail per 15 minutes from all addresses together. Above what one address may
   * send in that time (3 × RATE_LIMIT_SIGNIN), so no single address can lock an account out.
   */
  RATE_LIMIT_SIGNIN_EMAIL: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_SIGNUP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_FORGOT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_UPLOAD: z.coerce.number().int().positive().default(60),
  /** AI generations per user and IP per hour. */
  RATE_LIMIT_AI: z.coerce.number().int().positive().default(20),
  /** Students' calls (open a unit, vote, feedback) per client address per minute: a school's shared address included. */
  RATE_LIMIT_STUDENT: z.coerce.number().int().positive().default(300),
  /** Students' AI questions per client address per hour (on top of the 10 per student and link). */
  RATE_LIMIT_STUDENT_AI: z.coerce.number().int().positive().default(200),
  /**
   * New student identities one client address may take on one share link (that names no student) per hour: a class
   * behind one school address fits; one person inventing students does not get past it.
   */
  RATE_LIMIT_STUDENT_IDENTITIES: z.coerce.number().int().positive().default(60),
  /** Calls of the LMS API (POST /saveDataInJson) per client address per minute. */
  RATE_LIMIT_LMS: z.coerce.number().int().positive().default(LMS_RATE_LIMIT_PER_MINUTE),
  PRIVACY_POLICY_URL: z.string().default('https://sabercompartilhado.com.br/politica-de-privacidade'),
  TERMS_OF_USE_URL: z.string().default('https://sabercompartilhado.com.br/termos-de-uso'),
  SUPPORT_FORM_URL: z.string().default('https://sabercompartilhado.com.br/atendimento'),
  SUPPORT_CHAT_URL: z.string().default('https://wa.me/5511999999999'),
  WEB_DIST: z.string().optional(),
  /** Video (mp4 or YouTube link) of the LMS-key tutorial page; empty: not shown. */
  LMS_TUTORIAL_VIDEO_URL: z.string().default(''),
  /** The eight tutorial videos (YouTube ids, comma-separated, in the order of the Tutoriais page). */
  TUTORIAL_VIDEO_IDS: z.string().default(''),
  /** OpenAI-compatible chat API (…/chat/completions) of the AI generator; unset: the feature is off. */
  AI_BASE_URL: z.string().default(''),
  AI_API_KEY: z.string().default(''),
  AI_MODEL: z.string().default(''),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(LIMITS.aiQuestionTimeoutMs),
  /** Seller (institution) ids allowed to use the AI generator, comma-separated. */
  AI_ALLOWED_SELLER_IDS: z.string().default(''),
  /** Stock photos (Pixabay-compatible API) of the picture resource; no key: the 'Banco de imagens' tab is hidden. */
  PIXABAY_API_KEY: z.string().default(''),
  PIXABAY_API_URL: z.string().url().default('https://pixabay.com/api/'),
  PIXABAY_TIMEOUT_MS: z.coerce.number().int().positive().default(STOCK_TIMEOUT_MS),
  /** Sites unit content may embed, added to the defaults (packages/shared/src/content/embed-hosts.ts), comma-separated. */
  EMBED_ALLOWED_HOSTS: z
    .string()
    .default('')
    .refine((v) => splitList(v).every((h) => normalizeEmbedHost(h)), 'EMBED_ALLOWED_HOSTS: informe nomes de site separados por vírgula, por exemplo www.exemplo.com.br'),
  /** Deadline of fetching one external image of unit content on save (platform/content-images.ts). */
  IMAGE_IMPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Non-public ranges the image import may reach nevertheless (an intranet image server), comma-separated CIDRs. */
  IMAGE_IMPORT_ALLOWED_NETWORKS: z
    .string()
    .default('')
    .refine((v) => validNetworks(v), 'IMAGE_IMPORT_ALLOWED_NETWORKS: informe endereços ou faixas separados por vírgula, por exemplo 10.0.5.0/24'),
  /**
   * Secret of the students' share links (HMAC-SHA256), at least 32 characters. Unset: a random secret is
   * made once and kept in DATA_DIR/secrets/share-link.key (so links survive restarts); set it when several
   * processes serve the same database. Changing it invalidates every link.
   */
  SHARE_LINK_SECRET: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 32, 'SHARE_LINK_SECRET: use pelo menos 32 caracteres'),
  /**
   * Encrypts the LTI tool's private signing keys at rest (AES-256-GCM), at least 32 characters. Unset: a
   * random secret is made once and kept in DATA_DIR/secrets/lti-key.key; set it when several processes serve the same
   * database. Changing it makes the stored keys unreadable: run `npm run lti:rotate-key -- --now` at once, so a new key
   * signs from that moment (a planned rotation would leave the unreadable key signing 15 more minutes) and the old ones
   * leave the JWKS 10 minutes later.
   */
  LTI_KEY_SECRET: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 32, 'LTI_KEY_SECRET: use pelo menos 32 caracteres'),
  /** LTI requests (login, launch, the content picker, grade answers) per client address per minute. */
  RATE_LIMIT_LTI: z.coerce.number().int().positive().default(600),
  /** Each answer's Server-Timing header: its database statements' time and count (PostgreSQL; the bench turns it on). */
  SERVER_TIMING: bool,
  /** Bearer token of GET /api/metrics (Prometheus), at least 16 characters; unset: no metrics (404). */
  METRICS_TOKEN: z
    .string()
    .default('')
    .refine((v) => v === '' || v.trim().length >= 16, 'METRICS_TOKEN: use pelo menos 16 caracteres'),
  /**
   * Files in an S3-compatible bucket: set S3_BUCKET to use one; unset, files stay in DATA_DIR/uploads.
   * S3_ENDPOINT for a service other than AWS (MinIO, R2, s3rver…); the keys may come from the SDK's usual sources
   * (environment, instance role) when both are empty.
   */
  S3_BUCKET: z.string().trim().default(''),
  S3_ENDPOINT: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), 'S3_ENDPOINT: informe um endereço http(s), por exemplo https://s3.exemplo.com.br'),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Addresses as <endpoint>/<bucket>/<key> (MinIO, s3rver) instead of <bucket>.<endpoint>/<key>. */
  S3_FORCE_PATH_STYLE: bool,
  /**
   * The platform's Pix key that receives the charges (CPF, CNPJ, e-mail, +55 phone or random key), and the receiver's
   * name and city the payer's app shows. Unset: the charges carry no Pix code and say that Pix is not configured.
   */
  PIX_KEY: z.string().trim().default(''),
  PIX_NAME: z
    .string()
    .trim()
    .default('')
    .refine(pixTextFits(PIX_LIMITS.merchantName), `PIX_NAME: use no máximo ${PIX_LIMITS.merchantName} letras, números ou espaços`),
  PIX_CITY: z
    .string()
    .trim()
    .default('')
    .refine(pixTextFits(PIX_LIMITS.merchantCity), `PIX_CITY: use no máximo ${PIX_LIMITS.merchantCity} letras, números ou espaços`),
  /** A new charge is due this many days after it is issued. */
  CHARGE_DUE_DAYS: z.coerce.number().int().min(1).max(60).default(CHARGES.defaultDueDays),
  /** The charge issuing runs at start and then every this many minutes (each run issues only what is missing). */
  CHARGE_ISSUE_MINUTES: z.coerce.number().int().positive().default(60),
  /**
   * Secret of the Pix payment notices (POST /api/charges/webhook, HMAC-SHA256 of the body in X-Signature), at least
   * 32 characters, shared with the payment provider. Unset: the webhook answers 404.
   */
  PIX_WEBHOOK_SECRET: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 32, 'PIX_WEBHOOK_SECRET: use pelo menos 32 caracteres'),
  /** Pix notices per client address per minute. */
  RATE_LIMIT_PIX_WEBHOOK: z.coerce.number().int().positive().default(120),
  /**
   * The platform's share of each paid charge, in basis points (100 = 1 %; 0–10000): the provider's income is each of its
   * rents' amount minus this fee (`platformFeeCents`, half a centavo rounds up, per rent of a charge).
   */
  CHARGE_PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(CHARGES.defaultPlatformFeeBps),
  /**
   * The late-payment notices: days after a charge's due date on which the institution is told (0 = the due date),
   * comma-separated. The late-payment job runs with the issuing (every CHARGE_ISSUE_MINUTES).
   */
  CHARGE_LATE_NOTICE_DAYS: z
    .string()
    .trim()
    .default(CHARGES.lateNoticeDays.join(','))
    .refine((v) => v === '' || /^\d{1,3}(\s*,\s*\d{1,3})*$/.test(v), 'CHARGE_LATE_NOTICE_DAYS: informe dias após o vencimento separados por vírgula, por exemplo 0,3,7')
    .transform((v) => [...new Set(v === '' ? [] : v.split(',').map((d) => Number(d.trim())))].sort((a, b) => a - b)),
  /** An institution with a charge unpaid MORE than this many days after its due date is suspended for non-payment. */
  CHARGE_SUSPEND_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(CHARGES.suspendAfterDaysLate),
}).superRefine((v, ctx) => {
  const keyIssue = pixKeyIssue(v.PIX_KEY);
  if (keyIssue) ctx.addIssue({ code: 'custom', path: ['PIX_KEY'], message: `PIX_KEY: ${keyIssue}` });
  if (v.PIX_KEY) {
    for (const name of ['PIX_NAME', 'PIX_CITY'] as const) {
      if (!normalizePixText(v[name])) ctx.addIssue({ code: 'custom', path: [name], message: `${name}: obrigatório junto com PIX_KEY (o pagador vê o nome e a cidade do recebedor)` });
    }
  } else {
    for (const name of ['PIX_NAME', 'PIX_CITY'] as const) {
      if (v[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name}: informe também PIX_KEY (sem ela as cobranças não têm código Pix)` });
    }
  }
  const s3Set = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!v.S3_BUCKET) {
    for (const name of s3Set) {
      if (v[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name}: informe também S3_BUCKET (sem ele os arquivos ficam na pasta local)` });
    }
  }
  if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: informe os dois ou nenhum' });
  }
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & {
  /** PUBLIC_URL, or http://localhost:<PORT> when unset. */
  PUBLIC_URL: string;
  dataDir: string;
  uploadsDir: string;
  /** Embedded default: PGlite, outbox mail, demo data and /dev/mailbox. */
  embedded: boolean;
  mailMode: 'smtp' | 'outbox';
  loadDemoData: boolean;
  /**
   * The outbox pages (/dev/mailbox, /dev/mailbox.json) exist: mail is kept in the outbox (no MAIL_URL) AND the demo data
   * is loaded (the embedded default or DEMO_DATA=true). Anywhere else both addresses are 404 for everyone.
   */
  outboxPages: boolean;
  /** The bucket's settings when S3_BUCKET is set; null: the local folder (uploadsDir). */
  s3: S3Settings | null;
  /** The sites unit content may embed: the defaults plus EMBED_ALLOWED_HOSTS. */
  embedHosts: string[];
};

/**
 * A configuration that must not start: one pt-BR line per invalid variable, naming it and what it must be (the
 * operator reads `lines`; no stack, no validation dump). main.ts and the command-line tools print them and exit 1.
 */
export class ConfigError extends Error {
  constructor(public readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Values never repeated in a message: they may hold a password or a key. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|_URL$/;

/** One line for one invalid variable: its name, what it must be and (unless it may be secret) what it was. */
function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0] ?? '');
  const raw = env[name];
  const got = raw === undefined || SECRET_NAME.test(name) ? '' : ` (recebido: "${raw}")`;
  switch (issue.code) {
    case 'custom':
      return issue.message.startsWith(`${name}`) ? issue.message : `${name}: ${issue.message}`;
    case 'invalid_type':
      return `${name}: informe um número inteiro${got}`;
    case 'too_small':
      return `${name}: informe um número inteiro ${issue.inclusive ? 'a partir de' : 'maior que'} ${String(issue.minimum)}${got}`;
    case 'too_big':
      return `${name}: informe um número inteiro até ${String(issue.maximum)}${got}`;
    case 'invalid_value':
      return `${name}: use ${issue.values.filter((v) => v !== '').map((v) => String(v)).join(', ')}${got}`;
    case 'invalid_format':
      if (issue.format === 'email') return `${name}: informe um endereço de e-mail, por exemplo equipe@exemplo.com.br${got}`;
      return `${name}: informe um endereço completo, com http:// ou https://${got}`;
    default:
      return `${name}: valor inválido${got}`;
  }
}

/** The configuration of `env`; throws a ConfigError naming every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!lines.has(name)) lines.set(name, describeIssue(issue, env));
    }
    throw new ConfigError([...lines.values()]);
  }
  const parsed = { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL || `http://localhost:${result.data.PORT}` };
  const dataDir = path.resolve(parsed.DATA_DIR);
  const embedded = !parsed.DATABASE_URL;
  const loadDemoData = embedded || parsed.DEMO_DATA;
  return {
    ...parsed,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    embedHosts: embedHostList(splitList(parsed.EMBED_ALLOWED_HOSTS)),
    embedded,
    mailMode: parsed.MAIL_URL ? 'smtp' : 'outbox',
    loadDemoData,
    outboxPages: !parsed.MAIL_URL && loadDemoData,
    s3: parsed.S3_BUCKET
      ? {
          bucket: parsed.S3_BUCKET,
          endpoint: parsed.S3_ENDPOINT || undefined,
          region: parsed.S3_REGION,
          accessKeyId: parsed.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: parsed.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
        }
      : null,
  };
}

/**
 * `loadConfig` for a process (the server, the command-line tools): an invalid configuration is printed, one line per
 * variable, and the process exits 1.
 */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Configuração inválida:\n${err.lines.map((line) => `  ${line}\n`).join('')}`);
    process.exit(1);
  }
}

/** Why PostgreSQL refused the start's first connection, by the driver's code: what the operator checks. */
const DATABASE_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada: o PostgreSQL está no ar nesse servidor e porta?',
  ENOTFOUND: 'servidor não encontrado: confira o nome do servidor',
  EAI_AGAIN: 'servidor não encontrado: confira o nome do servidor',
  ETIMEDOUT: 'o servidor não respondeu a tempo',
  ECONNRESET: 'a conexão foi encerrada pelo servidor',
  '28P01': 'usuário ou senha recusados',
  '28000': 'acesso recusado para esse usuário (pg_hba.conf)',
  '3D000': 'o banco não existe: crie-o (createdb) ou corrija o nome',
};

/**
 * The start's failure to reach the PostgreSQL of DATABASE_URL as one pt-BR line (where, without the credentials, and
 * why), or null when `err` is not a connection failure.
 */
export function databaseStartFailure(err: unknown, databaseUrl: string | undefined): string | null {
  if (!databaseUrl || typeof err !== 'object' || err === null) return null;
  const code = String((err as { code?: unknown }).code ?? '');
  const why = DATABASE_FAILURES[code];
  if (!why) return null;
  const url = new URL(databaseUrl);
  const where = `${url.hostname || url.searchParams.get('host') || ''}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  return `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${where}): ${why}${why.endsWith('?') ? '' : '.'}`;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What looks wrong in a configuration that may start, as pt-BR lines the server logs at start: a PUBLIC_URL on this
 * machine at another port than the server's (without a proxy there, every link would point at a dead port), or on this machine in a
 * production start (links in e-mails would not open anywhere else).
 */
export function startupWarnings(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'embedded'>): string[] {
  const url = new URL(config.PUBLIC_URL);
  if (!LOCAL_HOSTS.has(url.hostname)) return [];
  const warnings: string[] = [];
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== config.PORT) {
    warnings.push(
      `PUBLIC_URL (${config.PUBLIC_URL}) aponta para a porta ${port} desta máquina, mas o servidor escuta na porta ${config.PORT}: sem um proxy nessa porta, os links enviados não abrirão. Corrija PUBLIC_URL (ou deixe-o sem valor para usar http://localhost:${config.PORT}).`,
    );
  }
  if (!config.embedded) {
    warnings.push(
      `PUBLIC_URL (${config.PUBLIC_URL}) é um endereço desta máquina: links de e-mail, de compartilhamento e do LMS só abrirão nela. Defina PUBLIC_URL com o endereço público do produto.`,
    );
  }
  return warnings;
}

/**
 * Why this configuration must not start, as one pt-BR line for the operator, or null. A production start (PostgreSQL
 * without the demo data) has no outbox to show and no other way to deliver mail: without MAIL_URL its users would
 * never receive a first password or a reset link, so main.ts refuses to start.
 */
export function startupRefusal(config: Pick<Config, 'MAIL_URL' | 'loadDemoData'>): string | null {
  if (!config.MAIL_URL && !config.loadDemoData) {
    return 'MAIL_URL não definido: sem ele nenhum e-mail (senhas provisórias, redefinição de senha, confirmação de e-mail) seria entregue. Defina MAIL_URL=smtp://usuario:senha@servidor:587 para entregar os e-mails (ou DEMO_DATA=true numa demonstração, com a caixa de saída em /dev/mailbox).';
  }
  return null;
}
