/** The author's status moves (spec 2 §4.1: send, trash, recover) and a staff publication of a version; all through the unit lifecycle. */
import { and, eq } from 'drizzle-orm';
import { isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import { authorEventFor } from '@edu/shared/unit-lifecycle';
import { UNIT_STATUS_LABELS, type UnitStatus, statusBody } from '@edu/shared/units';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { AppError } from '../../platform/errors';
import { record } from '../../platform/audit';
import { reviews } from '../../db/schema';
import { requireAccess } from '../access/index';
import { unitLifecycle } from './lifecycle';
import { authorProvider, UNITS_MSG } from './unit-rules';
import { loadRow, pendingVersion, rowOf } from './unit-rows';

export function unitMovesService(deps: Deps) {
  const { db } = deps;
  const lifecycle = unitLifecycle(deps);

  /** Author moves (spec 2 §4.1): all or nothing. */
  async function setStatus(auth: AuthContext, body: z.output<typeof statusBody>) {
    authorProvider(auth);
    // Locked in id order, so two overlapping bulk moves cannot deadlock.
    const ids = [...new Set(body.ids)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      // One access query for the whole set (the gate), then each version locked and moved by the lifecycle.
      await requireAccess(tx, auth, 'unit.edit', ids);
      for (const id of ids) {
        const { content } = await rowOf(tx, id, true);
        const from = content.status as UnitStatus;
        const event = authorEventFor(from, body.status);
        if (!event) throw new AppError(409, 'BAD_STATUS_MOVE', UNITS_MSG.badMove(UNIT_STATUS_LABELS[from] ?? from, UNIT_STATUS_LABELS[body.status]));
        await lifecycle.transition(tx, id, event, auth.user);
        await record(tx, { userId: auth.user.id, action: 'chaged_unity_status', data: { itemContentId: id, from: content.status, to: body.status } });
      }
      return { ids, status: body.status };
    });
  }

  async function recover(auth: AuthContext, id: number) {
    authorProvider(auth);
    return db.transaction(async (tx) => {
      const { content } = await loadRow(tx, auth, id, true, 'unit.edit');
      lifecycle.assertAllowed(content.status as UnitStatus, 'recover');
      if (content.version > 1 && (await pendingVersion(tx, content.itemId, content.id))) throw new AppError(409, 'UPDATE_PENDING', UNITS_MSG.updatePending);
      const { to: status } = await lifecycle.transition(tx, id, 'recover', auth.user);
      await record(tx, { userId: auth.user.id, action: 'recovered_unity', data: { itemContentId: id, status } });
      return { id, status };
    });
  }

  /** Make a version the one readers see (staff; used when an update is approved). */
  async function publishVersion(auth: AuthContext, id: number) {
    return db.transaction(async (tx) => {
      const { content } = await loadRow(tx, auth, id, true);
      lifecycle.assertAllowed(content.status as UnitStatus, 'publishVersion');
      if (!isUnitComplete({ ...content, knowledges: content.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
      // A version under review is published by the review's decision, never around it.
      const [underReview] = await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.itemContentId, id), eq(reviews.active, true))).limit(1);
      if (underReview) throw new AppError(409, 'UNDER_REVIEW', UNITS_MSG.underReview);
      await lifecycle.transition(tx, id, 'publishVersion', auth.user);
      await record(tx, { userId: auth.user.id, action: 'update_unit_status', data: { itemContentId: id, itemId: content.itemId, from: content.status, to: 'publish' } });
      return { itemId: content.itemId, publishedContentId: id };
    });
  }

  return { setStatus, recover, publishVersion };
}
