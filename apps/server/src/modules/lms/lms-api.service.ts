/**
 * The LMS API (spec 1 §7 "LMS API", §2.7): `POST /saveDataInJson` with the institution's LMS key
 * links one unit of its ACTIVE rentals to its LMS (`lms_items`, one row per institution and unit) and answers the
 * unit's launch address — the students' share link of the unit (share-links.service.ts signing), permanent, naming
 * no student: the LMS appends `&student=<id>` (LMS_STUDENT_PARAM) for the student who launches it.
 *
 * - The key is checked twice: before the body (lms-api.routes.ts: a wrong key is 401 whatever the body) and again
 *   inside the transaction, whose `for share` lock on the institution's row waits for (or holds off) a key being
 *   replaced at the same moment. So a unit is never linked under a key that the same instant unlinked everything,
 *   and the launch address always carries the generation of the key that linked it.
 * - What may be linked is what the institution may read: the access gate's `item.read` with the institution itself
 *   as the actor (an ACTIVE rent of the unit's provider by the ACTIVE institution, access/market-rules.ts `activeRentOf`),
 *   the same question the share link's verification asks, and the unit must have a published version. Anything
 *   else answers 404 with LMS_MSG.unitNotRented (a unit of another provider is indistinguishable from a missing one).
 * - Linking twice changes nothing (`on conflict do nothing`) and answers the same address; only a first link is
 *   audited (`linked_lms_item`, the institution's entry, no user).
 * - A new key deletes the institution's rows in the transaction that replaces it (`unlinkItemsOfPreviousKey`,
 *   lms-key.service.ts) and its new generation revokes every launch address given before.
 */
import { and, eq } from 'drizzle-orm';
import { LMS_MSG, LMS_STUDENT_PARAM, type SaveDataReply } from '@edu/shared/lms';
import { MSG } from '@edu/shared/messages';
import { SHARE_LINK_PATH } from '@edu/shared/share-links';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { record } from '../../platform/audit';
import { sha256 } from '../../platform/security';
import { checkAccess, grantActor, institutionActive } from '../access/index';
import { itemContents, items, lmsItems, providers, sellers } from '../../db/schema';
import { shareLinkSecret, signToken } from '../delivery/index';

/** The institution as the access gate's actor: its LMS may link what the institution may read. */

const unitNotRented = () => new AppError(404, 'LMS_UNIT_NOT_RENTED', LMS_MSG.unitNotRented);

export function lmsApiService(deps: Deps) {
  const { db, config } = deps;
  const secret = shareLinkSecret(config);
  const base = config.PUBLIC_URL.replace(/\/+$/, '');

  return {
    /** Links unit `itemId` for the institution whose CURRENT key is `key`, and answers its launch address. */
    async saveData(key: string, itemId: number): Promise<SaveDataReply> {
      return db.transaction(async (tx) => {
        // The key again, now holding the institution's row: a key being replaced waits for this link, or this link for it.
        const [seller] = await tx
          .select({ id: sellers.id, generatedAt: sellers.lmsKeyGeneratedAt })
          .from(sellers)
          .where(and(eq(sellers.lmsKeyHash, sha256(key)), institutionActive(sellers.status)))
          .limit(1)
          .for('share');
        if (!seller) throw new AppError(401, 'LMS_KEY_INVALID', MSG.lmsKeyInvalid);

        const readable = await checkAccess(tx, grantActor('lms', seller.id), 'item.read', [itemId]);
        if (!readable.has(itemId)) throw unitNotRented();
        const [unit] = await tx
          .select({ itemContentId: itemContents.id, title: itemContents.title, companyName: providers.companyName })
          .from(items)
          .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
          .innerJoin(providers, eq(providers.id, items.providerId))
          .where(eq(items.id, itemId));
        if (!unit) throw unitNotRented();

        const [inserted] = await tx
          .insert(lmsItems)
          .values({ sellerId: seller.id, itemId })
          .onConflictDoNothing({ target: [lmsItems.sellerId, lmsItems.itemId] })
          .returning({ createdAt: lmsItems.createdAt });
        let linkedAt = inserted?.createdAt;
        if (inserted) {
          await record(tx, { userId: null, sellerId: seller.id, action: 'linked_lms_item', data: { itemId, itemContentId: unit.itemContentId } });
        } else {
          const [kept] = await tx
            .select({ createdAt: lmsItems.createdAt })
            .from(lmsItems)
            .where(and(eq(lmsItems.sellerId, seller.id), eq(lmsItems.itemId, itemId)));
          linkedAt = kept?.createdAt;
        }

        // A unit link of the institution with no student and no expiry, of the key's generation: the same address for
        // every call until a new key (the signature is deterministic), verified like any share link. `d`: an LMS's
        // dispatch address, so its openings are access events of source 'lms' (as LTI launches and exports).
        const token = signToken(secret, { v: 1, s: seller.id, k: 'u', i: itemId, g: seller.generatedAt?.getTime() ?? 0, d: 1 });
        return {
          itemId,
          itemContentId: unit.itemContentId,
          title: unit.title,
          companyName: unit.companyName,
          url: `${base}${SHARE_LINK_PATH}?token=${token}`,
          token,
          studentParam: LMS_STUDENT_PARAM,
          alreadyLinked: !inserted,
          linkedAt: (linkedAt ?? new Date()).toISOString(),
        };
      });
    },
  };
}
