/**
 * The tool's RSA signing keys (LTI Security Framework 1.0 §6: RS256, public keys at a JWKS URL). `jose`
 * makes and uses the keys; node:crypto's AES-256-GCM keeps the private half encrypted in `lti_keys`.
 *
 * - The first key is made on first use (under an advisory lock: two instances starting together make one).
 * - `rotateLtiKey` (the `npm run lti:rotate-key` command) adds a key that is published at once and signs from
 *   LTI_LIMITS.keyActivationMinutes later (platforms that cache our JWKS learn it before it signs anything); the key it
 *   replaces keeps signing until then and stays published LTI_LIMITS.retiredKeyHours more.
 * - `--now` (an emergency: the key leaked, or LTI_KEY_SECRET changed) signs with the new key at once, and every older
 *   key leaves the JWKS within LTI_LIMITS.messageSeconds — the longest any message we signed lives — instead of hours.
 * - `--revoke <kid>` (`revokeLtiKey`) takes that key out of the JWKS at once; when it signs, a new key signs at once as
 *   with `--now`; when it was only due to sign (a planned rotation), the key it was to replace signs on.
 * - The encryption key is HKDF-SHA256 of LTI_KEY_SECRET (or the random secret kept in DATA_DIR/secrets/lti-key.key),
 *   the key id is the associated data: a ciphertext moved to another row does not decrypt.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, SignJWT, type JWTPayload } from 'jose';
import { LTI_LIMITS } from '@edu/shared/lti-tool';
import type { Config } from '../../config';
import type { Db, Executor } from '../../platform/db';
import { keptSecret } from '../../platform/secrets';
import { ltiKeys } from './lti-tool.tables';

const ALG = 'RS256';
const FORMAT = 'v1';

/** The AES-256 key protecting the private keys. */
export function ltiKeyEncryptionKey(config: Pick<Config, 'LTI_KEY_SECRET' | 'dataDir'>): Buffer {
  const secret = config.LTI_KEY_SECRET ? Buffer.from(config.LTI_KEY_SECRET, 'utf8') : keptSecret(config.dataDir, 'lti-key.key', 'LTI_KEY_SECRET');
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'saber-compartilhado/lti', 'lti-private-key-v1', 32));
}

export function encryptPrivateKey(key: Buffer, kid: string, pem: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const data = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptPrivateKey(key: Buffer, kid: string, stored: string): string {
  const [format, iv, tag, data] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || !data) throw new Error(`LTI key ${kid}: unknown format`);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(kid, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

async function newKeyRow(encryptionKey: Buffer, activeFrom: Date) {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
  const kid = crypto.randomBytes(12).toString('base64url');
  const jwk = await exportJWK(publicKey);
  const publicJwk = { kty: jwk.kty!, n: jwk.n!, e: jwk.e!, kid, alg: ALG, use: 'sig' };
  return { kid, publicJwk, privateKeyEncrypted: encryptPrivateKey(encryptionKey, kid, await exportPKCS8(privateKey)), activeFrom };
}

const lockKeys = (ex: Executor) => ex.execute(sql`select pg_advisory_xact_lock(hashtext('lti-keys'))`);
/** The keys in the JWKS: not yet unpublished (null: never retired). */
const published = or(isNull(ltiKeys.unpublishAt), gt(ltiKeys.unpublishAt, sql`now()`));
/** The keys that may sign now: active, not yet replaced, published. */
const signingNow = and(lte(ltiKeys.activeFrom, sql`now()`), or(isNull(ltiKeys.retiredAt), gt(ltiKeys.retiredAt, sql`now()`)), published);

type KeyConfig = Pick<Config, 'LTI_KEY_SECRET' | 'dataDir'>;

/** The rotation itself, in the caller's transaction (under the keys' lock). */
async function rotateIn(tx: Executor, row: Awaited<ReturnType<typeof newKeyRow>>, now: boolean) {
  const [signing] = await tx.select({ kid: ltiKeys.kid }).from(ltiKeys).where(signingNow).limit(1);
  // Nothing signs yet (a fresh install): the new key signs at once, there is no cache to warm.
  const planned = !now && !!signing;
  const from = new Date(Date.now() + (planned ? LTI_LIMITS.keyActivationMinutes * 60_000 : 0));
  if (planned) {
    // Every key still signing (or due to) stops when the new one starts, and stays published retiredKeyHours more.
    const until = new Date(from.getTime() + LTI_LIMITS.retiredKeyHours * 3600_000);
    await tx.update(ltiKeys).set({ retiredAt: from, unpublishAt: until }).where(or(isNull(ltiKeys.retiredAt), gt(ltiKeys.retiredAt, from)));
  } else {
    // Emergency: every older key stops signing now and leaves the JWKS once the messages it signed have expired.
    const until = new Date(from.getTime() + LTI_LIMITS.messageSeconds * 1000);
    await tx
      .update(ltiKeys)
      .set({
        retiredAt: sql`least(coalesce(${ltiKeys.retiredAt}, ${from.toISOString()}::timestamptz), ${from.toISOString()}::timestamptz)`,
        unpublishAt: sql`least(coalesce(${ltiKeys.unpublishAt}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`,
      })
      .where(published);
  }
  await tx.insert(ltiKeys).values({ ...row, activeFrom: from });
  return from;
}

/** Adds a key (see the file's comment); answers its id and when it starts signing. */
export async function rotateLtiKey(db: Db, config: KeyConfig, opts: { now?: boolean } = {}) {
  const row = await newKeyRow(ltiKeyEncryptionKey(config), new Date());
  const activeFrom = await db.transaction(async (tx) => {
    await lockKeys(tx);
    return rotateIn(tx, row, opts.now === true);
  });
  return { kid: row.kid, activeFrom };
}

/**
 * `--revoke <kid>`: the key leaves the JWKS at once. A key that signs now is replaced first by a key that signs now
 * (`--now`); a key due to sign later (a planned rotation) is simply dropped, and the keys it was to replace sign on.
 * Answers the replacing key, or null when none was needed; throws for an unknown key id.
 */
export async function revokeLtiKey(db: Db, config: KeyConfig, kid: string): Promise<{ replacedBy: string | null }> {
  const row = await newKeyRow(ltiKeyEncryptionKey(config), new Date());
  return db.transaction(async (tx) => {
    await lockKeys(tx);
    const live = sql`(${ltiKeys.retiredAt} is null or ${ltiKeys.retiredAt} > now())`;
    const [key] = await tx
      .select({ activeFrom: ltiKeys.activeFrom, signs: sql<boolean>`${ltiKeys.activeFrom} <= now() and ${live}`, due: sql<boolean>`${ltiKeys.activeFrom} > now() and ${live}` })
      .from(ltiKeys)
      .where(eq(ltiKeys.kid, kid));
    if (!key) throw new Error(`LTI: nenhuma chave com o kid ${kid}`);
    if (key.signs) await rotateIn(tx, row, true);
    else if (key.due) {
      // The keys this one was to retire when it started: they keep signing, published.
      await tx.update(ltiKeys).set({ retiredAt: null, unpublishAt: null }).where(and(eq(ltiKeys.retiredAt, key.activeFrom), lte(ltiKeys.activeFrom, sql`now()`)));
    }
    await tx.update(ltiKeys).set({ retiredAt: sql`least(coalesce(${ltiKeys.retiredAt}, now()), now())`, unpublishAt: sql`now()` }).where(eq(ltiKeys.kid, kid));
    return { replacedBy: key.signs ? row.kid : null };
  });
}

export interface LtiSigner {
  kid: string;
  sign(payload: JWTPayload, opts?: { expiresInSeconds?: number }): Promise<string>;
}

/** The keys of one app: the JWKS, and the current signer (private keys decrypted once per key id). */
export function ltiKeyStore(db: Db, config: KeyConfig) {
  let encryptionKey: Buffer | null = null;
  const keyOf = () => (encryptionKey ??= ltiKeyEncryptionKey(config));
  const imported = new Map<string, Promise<CryptoKey>>();

  /** The key that signs now; the first key of an install is made here. */
  async function currentRow() {
    const [row] = await db.select().from(ltiKeys).where(signingNow).orderBy(desc(ltiKeys.activeFrom)).limit(1);
    if (row) return row;
    return db.transaction(async (tx) => {
      await lockKeys(tx);
      const [made] = await tx.select().from(ltiKeys).where(signingNow).orderBy(desc(ltiKeys.activeFrom)).limit(1);
      if (made) return made;
      const [inserted] = await tx.insert(ltiKeys).values(await newKeyRow(keyOf(), new Date())).returning();
      return inserted!;
    });
  }

  return {
    /** The published keys: signing, due to sign, and retired ones until their `unpublish_at`. */
    async jwks() {
      await currentRow();
      const rows = await db.select({ jwk: ltiKeys.publicJwk }).from(ltiKeys).where(published).orderBy(desc(ltiKeys.activeFrom));
      return {
        keys: rows.map(({ jwk }) => ({ kty: jwk.kty!, kid: jwk.kid!, alg: jwk.alg!, use: jwk.use!, n: jwk.n!, e: jwk.e! })),
      };
    },

    async signer(): Promise<LtiSigner> {
      const row = await currentRow();
      let key = imported.get(row.kid);
      if (!key) {
        key = importPKCS8(decryptPrivateKey(keyOf(), row.kid, row.privateKeyEncrypted), ALG);
        imported.set(row.kid, key);
        key.catch(() => imported.delete(row.kid));
      }
      const privateKey = await key;
      return {
        kid: row.kid,
        sign: (payload, opts = {}) =>
          new SignJWT(payload)
            .setProtectedHeader({ alg: ALG, kid: row.kid, typ: 'JWT' })
            .setIssuedAt()
            .setExpirationTime(`${opts.expiresInSeconds ?? LTI_LIMITS.messageSeconds}s`)
            .sign(privateKey),
      };
    },
  };
}
export type LtiKeyStore = ReturnType<typeof ltiKeyStore>;
