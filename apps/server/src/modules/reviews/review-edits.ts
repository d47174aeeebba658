/**
 * The unit edits staff make from the review screen while the unit is in analysis: knowledge areas and levels, and the
 * content itself (sanitized like the studio). Written through the units module: this file never writes unit tables.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { KnowledgeType } from '@edu/shared/knowledge';
import { hasContent, isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import { REVIEW_MSG, reviewContentBody, reviewsRoutes } from '@edu/shared/reviews';
import type { UnitContent } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { checkKnowledge, UNITS_MSG, unitsService } from '../units/index';
import { requireAccess } from '../access/index';
import { reviews } from './reviews.tables';
import { lockContent, mayEdit, type Content } from './review-rules';

export function reviewEditsService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  /** The content and its active review, locked; the caller must be allowed to edit it from the review. */
  async function editable(tx: Tx, auth: AuthContext, contentId: number): Promise<Content> {
    const content = await lockContent(tx, contentId);
    const [review] = await tx.select().from(reviews).where(and(eq(reviews.itemContentId, contentId), eq(reviews.active, true)));
    if (!review) throw notFound();
    await requireAccess(tx, auth, 'review.read', review.id);
    if (!mayEdit(true, review, content.status)) throw new AppError(409, 'MOVE_REFUSED', REVIEW_MSG.cannotEdit);
    return content;
  }

  /** Editar Detalhes Da Unidade: knowledge areas and learning levels of the unit's learning type. */
  async function updateKnowledge(auth: AuthContext, body: z.output<typeof reviewsRoutes.updateKnowledge.body>): Promise<UnitContent> {
    return db.transaction(async (tx) => {
      const content = await editable(tx, auth, body.id);
      const { knowledgeIds, levels } = checkKnowledge(await units.knowledgeMap(tx), content.learningType as KnowledgeType, body.knowledges, body.levelOfLearning);
      await units.writeContent(tx, content, { knowledgeIds, levelOfLearning: levels }, auth.user.id);
      await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: content.id, knowledges: knowledgeIds, levelOfLearning: levels } });
      return units.view(tx, content.id);
    });
  }

  /** Unit edits saved from the review screen: sanitized like the studio; the unit must stay complete. */
  async function saveContent(auth: AuthContext, id: number, input: z.output<typeof reviewContentBody>): Promise<UnitContent> {
    // Nothing is fetched for someone who may not edit it (checked again in the transaction).
    const { learningType } = await db.transaction((tx) => editable(tx, auth, id));
    const body = await units.prepare({ ...input, learningType: learningType as KnowledgeType });
    return db.transaction(async (tx) => {
      const content = await editable(tx, auth, id);
      if (content.revision !== body.revision) throw new AppError(409, 'STALE_UNIT', UNITS_MSG.stale);
      const values = await units.clean(tx, { ...body, learningType: content.learningType as KnowledgeType });
      if (!hasContent(values.synthesis)) throw badRequest(UNIT_MSG.synthesisRequired, { synthesis: UNIT_MSG.synthesisRequired });
      if (!isUnitComplete({ ...values, knowledges: values.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
      await units.writeContent(tx, content, values, auth.user.id);
      await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: content.id, itemId: content.itemId, title: values.title, fromReview: true } });
      return units.view(tx, content.id);
    });
  }

  return { updateKnowledge, saveContent };
}
