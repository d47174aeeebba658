/** Environment -> typed configuration. Every variable is listed in the README's configuration table. */
import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DEMO_DATA: bool,
  MAIL_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Saber Compartilhado <nao-responda@sabercompartilhado.com.br>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_SIGNIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNUP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_FORGOT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_UPLOAD: z.coerce.number().int().positive().default(60),
  PRIVACY_POLICY_URL: z.string().default('https://sabercompartilhado.com.br/politica-de-privacidade'),
  TERMS_OF_USE_URL: z.string().default('https://sabercompartilhado.com.br/termos-de-uso'),
  SUPPORT_FORM_URL: z.string().default('https://sabercompartilhado.com.br/atendimento'),
  SUPPORT_CHAT_URL: z.string().default('https://wa.me/5511999999999'),
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  uploadsDir: string;
  /** Embedded default: PGlite, outbox mail, demo data and /dev/mailbox. */
  embedded: boolean;
  mailMode: 'smtp' | 'outbox';
  loadDemoData: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const embedded = !parsed.DATABASE_URL;
  return {
    ...parsed,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    embedded,
    mailMode: parsed.MAIL_URL ? 'smtp' : 'outbox',
    loadDemoData: embedded || parsed.DEMO_DATA,
  };
}
