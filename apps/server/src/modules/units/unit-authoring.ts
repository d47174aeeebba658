/**
 * Unit authoring: the body of a save prepared before its transaction, a new unit, a save in
 * place or through a new version of a published unit, and the content writes of staff edits from the review screen.
 * Every status change goes through the unit lifecycle (./lifecycle.ts).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { hasContent, isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import { lifecycleStep } from '@edu/shared/unit-lifecycle';
import { type UnitContent, type UnitStatus, unitUpdateBody } from '@edu/shared/units';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest } from '../../platform/errors';
import { record } from '../../platform/audit';
import { auditLogs } from '../../platform/platform.tables';
import { contentStore } from '../../platform/content-store';
import { requireAccess } from '../access/index';
import { unitLifecycle } from './lifecycle';
import { itemContents, itemContentTags, items } from './units.tables';
import { authorProvider, checkKnowledge, UNITS_MSG, type UnitFields } from './unit-rules';
import { knowledgeMap, loadRow, pendingVersion, view } from './unit-rows';

type Fields = UnitFields;
type CleanFields = Awaited<ReturnType<ReturnType<typeof unitAuthoringService>['clean']>>;

/** How long a save of a unit version by its author stays part of the editing session its audit entry records. */
export const AUDIT_SESSION_MS = 10 * 60_000;

/** Whether the cleaned fields of a save are the ones stored (so the save changes nothing). */
function sameContent(row: typeof itemContents.$inferSelect, values: CleanFields): boolean {
  const stored: CleanFields = {
    title: row.title,
    authors: row.authors,
    mediaUrl: row.mediaUrl,
    questions: row.questions,
    introduction: row.introduction,
    learningObjectives: row.learningObjectives,
    synthesis: row.synthesis,
    bibliographicReference: row.bibliographicReference,
    topics: row.topics.map((t) => ({ title: t.title, content: t.content })),
    levelOfLearning: row.levelOfLearning,
    learningType: row.learningType as CleanFields['learningType'],
    knowledgeIds: row.knowledgeIds,
  };
  return JSON.stringify(stored) === JSON.stringify(values);
}

/**
 * Whether `userId` has a created/updated entry for the unit version `contentId` in the last AUDIT_SESSION_MS (the
 * user's recent entries through audit_logs_user_created_idx, a few rows).
 */
async function recentlyRecorded(ex: Executor, userId: number, contentId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, userId),
        gt(auditLogs.createdAt, new Date(Date.now() - AUDIT_SESSION_MS)),
        inArray(auditLogs.action, ['created_unity', 'updated_unity']),
        sql`${auditLogs.data}->>'itemContentId' = ${String(contentId)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function unitAuthoringService(deps: Deps) {
  const { db } = deps;
  const lifecycle = unitLifecycle(deps);
  const store = contentStore(deps);

  /**
   * The body's HTML fields and cover as stored: sanitized, embeds checked, external images imported (platform/
   * content-store.ts). Called before the save's transaction, after the caller's right to save was checked.
   */
  function prepare<T extends Fields>(body: T): Promise<T> {
    return store.unitFields(body);
  }

  /** The prepared body's fields checked against reference data. */
  async function clean(ex: Executor, body: Fields) {
    const { knowledgeIds, levels } = checkKnowledge(await knowledgeMap(ex), body.learningType, body.knowledges, body.levelOfLearning);
    return {
      title: body.title,
      authors: body.authors,
      mediaUrl: body.mediaUrl ?? null,
      questions: body.questions ?? null,
      introduction: body.introduction,
      learningObjectives: body.learningObjectives,
      synthesis: body.synthesis,
      bibliographicReference: body.bibliographicReference,
      // Topic titles are plain text; their content is sanitized HTML with validated resource blocks (prepare).
      topics: body.topics.map((t) => ({ title: t.title, content: t.content })),
      levelOfLearning: levels,
      learningType: body.learningType,
      knowledgeIds,
    };
  }

  /**
   * The body of a save as it will be stored: sanitized, other sites' images imported (public-fetch: seconds, no
   * database connection held). The route runs it before the save's transaction (registerRoute's `prepareBody`).
   */
  async function prepareCreate(auth: AuthContext, input: Fields): Promise<Fields> {
    authorProvider(auth);
    return prepare(input);
  }

  async function prepareUpdate(auth: AuthContext, input: z.output<typeof unitUpdateBody>): Promise<z.output<typeof unitUpdateBody>> {
    authorProvider(auth);
    // Nothing is fetched for someone who may not save this unit (checked again in the transaction).
    await requireAccess(db, auth, 'unit.edit', input.id);
    return prepare(input);
  }

  /** Saves a new unit from a prepared body (prepareCreate). */
  async function create(auth: AuthContext, body: Fields): Promise<UnitContent> {
    const providerId = authorProvider(auth);
    return db.transaction(async (tx) => {
      const values = await clean(tx, body);
      const [item] = await tx.insert(items).values({ providerId }).returning({ id: items.id });
      const content = await lifecycle.insertVersion(tx, 'create', { ...values, itemId: item!.id, version: 1, createdBy: auth.user.id, updatedBy: auth.user.id });
      await record(tx, { userId: auth.user.id, action: 'created_unity', data: { itemContentId: content!.id, itemId: item!.id, title: values.title } });
      return view(tx, content!.id);
    });
  }

  /** Saves a unit from a prepared body (prepareUpdate). */
  async function update(auth: AuthContext, body: z.output<typeof unitUpdateBody>): Promise<UnitContent> {
    authorProvider(auth);
    return db.transaction(async (tx) => {
      const { content: current } = await loadRow(tx, auth, body.id, true, 'unit.edit');
      if (current.revision !== body.revision) throw new AppError(409, 'STALE_UNIT', UNITS_MSG.stale);
      // A published version is updated by a new version; any other status must allow a save (lifecycle table).
      if (current.status !== 'publish') lifecycle.assertAllowed(current.status as UnitStatus, 'save');
      const values = await clean(tx, body);
      // The synthesis is required when editing (spec 2 §5): checked on what will be stored.
      if (!hasContent(values.synthesis)) throw badRequest(UNIT_MSG.synthesisRequired, { synthesis: UNIT_MSG.synthesisRequired });

      if (current.status === 'publish') {
        // A published unit is updated through a new version that goes through analysis again (spec 2 §4.2).
        const message = body.updateMessage?.trim();
        if (!message) throw badRequest(UNIT_MSG.updateMessageRequired, { updateMessage: UNIT_MSG.updateMessageRequired });
        // The new version goes straight to analysis: it must be as complete as a draft being sent.
        if (!isUnitComplete({ ...values, knowledges: values.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
        if (await pendingVersion(tx, current.itemId, current.id)) throw new AppError(409, 'UPDATE_PENDING', UNITS_MSG.updatePending);
        const [{ max } = { max: current.version }] = await tx
          .select({ max: sql<number>`max(${itemContents.version})` })
          .from(itemContents)
          .where(eq(itemContents.itemId, current.itemId));
        const created = await lifecycle.insertVersion(
          tx,
          'newVersion',
          { ...values, itemId: current.itemId, version: Number(max) + 1, updateMessage: message, createdBy: auth.user.id, updatedBy: auth.user.id },
          'publish',
        );
        const currentTags = await tx.select({ tagId: itemContentTags.tagId }).from(itemContentTags).where(eq(itemContentTags.itemContentId, current.id));
        if (currentTags.length) await tx.insert(itemContentTags).values(currentTags.map((t) => ({ itemContentId: created!.id, tagId: t.tagId })));
        // The current revision rises too: another tab still editing the published version must reload.
        await tx.update(itemContents).set({ revision: current.revision + 1 }).where(eq(itemContents.id, current.id));
        await record(tx, {
          userId: auth.user.id,
          action: 'updated_unity',
          data: { itemContentId: created!.id, fromItemContentId: current.id, itemId: current.itemId, version: Number(max) + 1, updateMessage: message },
        });
        return view(tx, created!.id);
      }

      // Draft, correction and reproved are saved in place; a reproved unit edited becomes a draft again (lifecycle table).
      const step = lifecycleStep(current.status as UnitStatus, 'save');
      // The same content saved again (the studio's autosave after an undo, a second click) where the save keeps the
      // status: nothing to write — no new revision, no audit entry; the stored unit is the answer.
      if (step?.to === current.status && sameContent(current, values)) return view(tx, current.id);
      await lifecycle.transition(tx, current.id, 'save', auth.user, { set: values });
      // One audit entry per editing session: saves of the same version by the same author within AUDIT_SESSION_MS of
      // its last entry (the autosave's every few seconds) are that session's, already recorded.
      if (!(await recentlyRecorded(tx, auth.user.id, current.id))) {
        await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: current.id, itemId: current.itemId, title: values.title } });
      }
      return view(tx, current.id);
    });
  }

  /** Content edits made from the review screen (never the status: that is the lifecycle's); the revision rises. */
  async function writeContent(tx: Tx, content: { id: number; revision: number }, set: Partial<typeof itemContents.$inferInsert>, userId: number) {
    const { status: _status, statusBeforeDelete: _before, ...fields } = set;
    await tx
      .update(itemContents)
      .set({ ...fields, revision: content.revision + 1, updatedBy: userId, updatedAt: new Date() })
      .where(eq(itemContents.id, content.id));
  }

  return { prepareCreate, create, prepareUpdate, update, prepare, clean, writeContent };
}
