/**
 * `npm run lti:rotate-key`: adds a new LTI signing key. It is published in the JWKS at once and signs from
 * LTI_LIMITS.keyActivationMinutes later; the key it replaces keeps signing until then and stays published
 * LTI_LIMITS.retiredKeyHours more.
 * - `--now` (a leaked key, or a changed LTI_KEY_SECRET): the new key signs at once and every older key leaves the JWKS
 *   within LTI_LIMITS.messageSeconds (our messages in flight expire by then).
 * - `--revoke <kid>`: that key leaves the JWKS at once (a new key signs at once when it was the signing one).
 * Uses the server's configuration (DATABASE_URL or the embedded DATA_DIR, LTI_KEY_SECRET).
 */
import pino from 'pino';
import { LTI_LIMITS } from '@edu/shared/lti-tool';
import { configOrExit } from './config';
import { openDatabase } from './platform/db';
import { revokeLtiKey, rotateLtiKey } from './modules/lti/index';

const config = configOrExit();
const log = pino({ level: config.LOG_LEVEL });
const args = process.argv.slice(2);
const now = args.includes('--now');
const revokeAt = args.indexOf('--revoke');
const revoke = revokeAt >= 0 ? args[revokeAt + 1] : undefined;
if (revokeAt >= 0 && (!revoke || revoke.startsWith('--'))) {
  log.error('LTI: informe o kid da chave a revogar: npm run lti:rotate-key -- --revoke <kid>');
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  if (revoke) {
    const { replacedBy } = await revokeLtiKey(database.db, config, revoke);
    log.info({ kid: revoke, replacedBy }, replacedBy ? 'LTI: chave revogada e fora do JWKS; nova chave em uso a partir de agora' : 'LTI: chave revogada e fora do JWKS');
  } else {
    const { kid, activeFrom } = await rotateLtiKey(database.db, config, { now });
    log.info(
      now
        ? { kid, activeFrom: activeFrom.toISOString(), oldKeysPublishedSeconds: LTI_LIMITS.messageSeconds }
        : { kid, activeFrom: activeFrom.toISOString(), oldKeyPublishedHours: LTI_LIMITS.retiredKeyHours },
      now ? 'LTI: nova chave de assinatura em uso a partir de agora; as antigas saem do JWKS em minutos' : `LTI: nova chave publicada; assina a partir de ${activeFrom.toISOString()}`,
    );
  }
} catch (err) {
  log.error({ err }, 'LTI: falha ao trocar a chave');
  process.exitCode = 1;
} finally {
  await database.close();
}
