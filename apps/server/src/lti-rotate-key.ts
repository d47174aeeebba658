/**
 * `npm run lti:rotate-key` (issue 14): adds a new LTI signing key. It is published in the JWKS at once and signs from
 * LTI_LIMITS.keyActivationMinutes later; the key it replaces keeps signing until then and stays published
 * LTI_LIMITS.retiredKeyHours more. `--now`: sign with the new key at once (a leaked key); the old one stays published
 * for the messages in flight. Uses the server's configuration (DATABASE_URL or the embedded DATA_DIR, LTI_KEY_SECRET).
 */
import pino from 'pino';
import { LTI_LIMITS } from '@edu/shared/lti-tool';
import { loadConfig } from './config';
import { openDatabase } from './platform/db';
import { rotateLtiKey } from './modules/lti/lti-keys';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const now = process.argv.includes('--now');
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const { kid, activeFrom } = await rotateLtiKey(database.db, config, { now });
  log.info(
    { kid, activeFrom: activeFrom.toISOString(), keepOldHours: LTI_LIMITS.retiredKeyHours },
    now ? 'LTI: nova chave de assinatura em uso a partir de agora' : `LTI: nova chave publicada; assina a partir de ${activeFrom.toISOString()}`,
  );
} finally {
  await database.close();
}
