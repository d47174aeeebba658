/**
 * The institution's LMS key (spec 1 §2.7, §4 "LMS key", §7). A key is 'lms_' + 256 random bits, shown
 * once and stored only as its SHA-256 hash in sellers.lms_key_hash; generating a new key replaces the
 * hash, so the old key stops working at once.
 */
import { and, eq } from 'drizzle-orm';
import { LMS_KEY_MAX, LMS_KEY_PREFIX } from '@edu/shared/lms';
import { MSG } from '@edu/shared/messages';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { record } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/security';
import type { AuthContext } from '../../platform/sessions';
import { lmsItems, sellers } from '../../db/schema';
import { institutionActive, requireAccess } from '../access/index';
import { replaceLmsKeyHash } from '../institutions/index';

export const newLmsKey = () => `${LMS_KEY_PREFIX}${randomToken()}`;

/**
 * Which seller does this key belong to? The later LMS API calls it with the `lms_key` header. Only the
 * current key of an active institution answers; anything else (old, unknown, malformed) is null.
 */
export async function verifyLmsKey(db: Executor, key: string | null | undefined): Promise<number | null> {
  if (!key || key.length > LMS_KEY_MAX || !key.startsWith(LMS_KEY_PREFIX)) return null;
  const [row] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(and(eq(sellers.lmsKeyHash, sha256(key)), institutionActive(sellers.status)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A new key "unlinks all related units" (spec 1 §2.7): the units the institution's LMS linked with `POST
 * /saveDataInJson` (lms_items) are deleted inside the transaction that replaces the key, and answers how many. Their
 * launch addresses stop working through the key's new generation (share links, share-links.service.ts).
 */
export async function unlinkItemsOfPreviousKey(tx: Executor, sellerId: number): Promise<number> {
  const removed = await tx.delete(lmsItems).where(eq(lmsItems.sellerId, sellerId)).returning({ id: lmsItems.id });
  return removed.length;
}

export function lmsKeyService(deps: Deps) {
  const { db, mailer, config } = deps;

  /** The caller must be the institution's own user (type seller) of seller `sellerId` (the access gate's seller.manage; another institution: 404). */
  async function assertOwnSeller(auth: AuthContext, sellerId: number) {
    if (auth.user.sellerId === null) throw forbidden(MSG.lmsKeySellerOnly);
    await requireAccess(db, auth, 'seller.manage', sellerId);
  }

  /** Replace the key in one transaction with its audit entry; `after` runs inside it (e.g. the e-mail). */
  async function replaceKey(auth: AuthContext, sellerId: number, via: 'page' | 'email', after?: (tx: Executor, key: string) => Promise<void>) {
    await assertOwnSeller(auth, sellerId);
    const key = newLmsKey();
    await db.transaction(async (tx) => {
      if (!(await replaceLmsKeyHash(tx, sellerId, sha256(key)))) throw forbidden();
      const unlinked = await unlinkItemsOfPreviousKey(tx, sellerId);
      await record(tx, { userId: auth.user.id, sellerId, action: 'generated_lms_key', data: { via, unlinked } });
      await after?.(tx, key);
    });
    return key;
  }

  return {
    async generate(auth: AuthContext, sellerId: number) {
      return { lms_key: await replaceKey(auth, sellerId, 'page') };
    },

    async request(auth: AuthContext, sellerId: number) {
      await replaceKey(auth, sellerId, 'email', (tx, key) =>
        mailer.send(tx, {
          to: auth.user.email,
          subject: 'Sua nova chave LMS',
          secret: true,
          paragraphs: [
            `Olá, ${auth.user.name}! Uma nova chave LMS foi gerada para a sua instituição. A chave anterior foi cancelada e os itens vinculados a ela foram desvinculados.`,
            `Sua chave LMS: ${key}`,
            'Como usar: informe essa chave na integração do seu LMS com a Saber Compartilhado e vincule novamente as unidades às suas disciplinas. O tutorial abaixo mostra o passo a passo.',
            'Guarde a chave em local seguro: por segurança ela não fica visível na plataforma. Se precisar, gere uma nova chave em Configurações ou na página de geração de chave LMS.',
          ],
          action: { label: 'Ver o tutorial', url: `${config.PUBLIC_URL}/docs/lms/key_generator` },
        }),
      );
      return { message: MSG.lmsKeyEmailSent };
    },

    async whoami(key: string | null) {
      const sellerId = await verifyLmsKey(db, key);
      if (sellerId === null) return null;
      const [row] = await db.select({ id: sellers.id, name: sellers.name }).from(sellers).where(eq(sellers.id, sellerId));
      return row ? { sellerId: row.id, sellerName: row.name } : null;
    },
  };
}
