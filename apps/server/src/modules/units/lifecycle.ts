/**
 * THE writer of a unit version's status and of the item's published version. Every change of
 * `item_contents.status` and `items.published_content_id` goes through `transition` (or `insertVersion`
 * for a new row), driven by the table of `@edu/shared/unit-lifecycle`; a test greps the server for any
 * other writer. Refusals are 409 with the table's pt-BR message; an incomplete unit where the event needs
 * a complete one is 400 (spec 2 §5). An event that puts the unit in the staff's queue while its provider is not approved
 * (`needsApprovedProvider`) is 403 PROVIDER_NOT_APPROVED: a provider under analysis authors drafts but sends nothing.
 *
 * Domain events (platform/domain-events.ts), emitted in the transition's transaction: `unit.published` when a
 * version becomes the published one, `unit.unpublished` when an event clears the pointer, `unit.resent` when a
 * corrected unit goes back to the staff (the reviews module restarts its review's stage, in the same transaction).
 */
import { eq } from 'drizzle-orm';
import { isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import { LIFECYCLE_MSG, lifecycleRefusal, lifecycleStep, resolveTo, UNIT_LIFECYCLE, type UnitEvent } from '@edu/shared/unit-lifecycle';
import { isProviderApproved } from '@edu/shared/providers';
import type { UnitStatus } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { domainEvents } from '../../platform/domain-events';
import { AppError } from '../../platform/errors';
import { itemContents, items } from './units.tables';
import { providers } from '../../db/schema';

type Content = typeof itemContents.$inferSelect;
type ContentInsert = typeof itemContents.$inferInsert;

// ------------------------------------------------------------------ domain events

export const UNIT_EVENT_NAMES = ['unit.published', 'unit.unpublished'] as const;
export type UnitEventName = (typeof UNIT_EVENT_NAMES)[number];

export interface UnitDomainEvent {
  name: UnitEventName;
  itemId: number;
  /** unit.published: the version now published; unit.unpublished: the version that was. */
  contentId: number;
  /** unit.published: the version it replaced (null on the first publication). */
  previousContentId: number | null;
  /** The lifecycle event that caused it. */
  cause: UnitEvent;
  actorId: number | null;
  at: string;
}

/** A corrected unit was sent back to the staff (`from` its status before): its review's stage starts over. */
export interface UnitResentEvent {
  name: 'unit.resent';
  contentId: number;
  from: UnitStatus;
}

declare module '../../platform/domain-events' {
  interface DomainEventMap {
    'unit.published': UnitDomainEvent;
    'unit.unpublished': UnitDomainEvent;
    'unit.resent': UnitResentEvent;
  }
}

// ------------------------------------------------------------------ transitions

export interface Actor {
  id: number;
}

export interface TransitionOptions {
  /** Other columns written in the same UPDATE (a save's content); never status or the pointer. */
  set?: Omit<Partial<ContentInsert>, 'status' | 'statusBeforeDelete' | 'id' | 'itemId' | 'version' | 'revision'>;
}

export interface TransitionResult {
  content: Content;
  from: UnitStatus;
  to: UnitStatus;
}

export function unitLifecycle(deps: Pick<Deps, 'jobs'>) {
  const events = domainEvents(deps);

  function refuse(from: UnitStatus, event: UnitEvent): never {
    const { code, message } = lifecycleRefusal(from, event);
    throw new AppError(409, code, message);
  }

  /** Refuse early (409) when the table does not allow `event` from `from` (before validating a body). */
  function assertAllowed(from: UnitStatus, event: UnitEvent) {
    if (!lifecycleStep(from, event)) refuse(from, event);
  }

  function checkComplete(event: UnitEvent, content: Pick<Content, 'title' | 'synthesis' | 'topics' | 'introduction' | 'learningObjectives' | 'knowledgeIds' | 'levelOfLearning'> & Record<string, unknown>) {
    if (UNIT_LIFECYCLE[event].needsComplete && !isUnitComplete({ ...(content as Content), knowledges: content.knowledgeIds })) {
      throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
    }
  }

  /** 403 when `event` needs an approved provider and the unit's provider is not (still under analysis, or rejected). */
  async function checkProvider(tx: Tx, event: UnitEvent, itemId: number) {
    if (!UNIT_LIFECYCLE[event].needsApprovedProvider) return;
    const [row] = await tx.select({ status: providers.status }).from(items).innerJoin(providers, eq(providers.id, items.providerId)).where(eq(items.id, itemId));
    if (!row || !isProviderApproved(row.status)) throw new AppError(403, 'PROVIDER_NOT_APPROVED', LIFECYCLE_MSG.providerNotApproved);
  }

  /** Move the item's published pointer to `content` and emit unit.published, in `tx`. */
  async function publish(tx: Tx, content: Content, cause: UnitEvent, actor: Actor | null) {
    // NO KEY UPDATE, not UPDATE: this transaction may already hold the row's NO KEY UPDATE lock (items_keep_current), and
    // a student's vote or opening holds KEY SHARE on it (foreign keys) before its own update — FOR UPDATE would wait for
    // them while they wait for this transaction (a deadlock).
    const [item] = await tx.select({ publishedContentId: items.publishedContentId }).from(items).where(eq(items.id, content.itemId)).for('no key update');
    await tx.update(items).set({ publishedContentId: content.id }).where(eq(items.id, content.itemId));
    await events.emit(tx, {
      name: 'unit.published',
      itemId: content.itemId,
      contentId: content.id,
      previousContentId: item?.publishedContentId ?? null,
      cause,
      actorId: actor?.id ?? null,
      at: new Date().toISOString(),
    });
  }

  /**
   * Apply `event` to the unit version `contentId` (locked FOR UPDATE in `tx`): the table decides the next
   * status; the revision rises by one; the published pointer moves when the table says so.
   */
  async function transition(tx: Tx, contentId: number, event: UnitEvent, actor: Actor | null, opts: TransitionOptions = {}): Promise<TransitionResult> {
    const [current] = await tx.select().from(itemContents).where(eq(itemContents.id, contentId)).for('update');
    if (!current) throw new AppError(404, 'NOT_FOUND', 'Não encontrado.');
    const from = current.status as UnitStatus;
    const step = lifecycleStep(from, event);
    if (!step || step.newRow) refuse(from, event);
    await checkProvider(tx, event, current.itemId);
    checkComplete(event, { ...current, ...opts.set });
    const to = resolveTo(step, current.statusBeforeDelete);
    const now = new Date();
    const [content] = await tx
      .update(itemContents)
      .set({
        ...opts.set,
        status: to,
        statusBeforeDelete: event === 'trash' ? from : event === 'recover' ? null : current.statusBeforeDelete,
        revision: current.revision + 1,
        ...(actor ? { updatedBy: actor.id } : {}),
        updatedAt: now,
      })
      .where(eq(itemContents.id, contentId))
      .returning();
    if (step.publishes) await publish(tx, content!, event, actor);
    if (event === 'resend') await events.emit(tx, { name: 'unit.resent', contentId, from });
    return { content: content!, from, to };
  }

  /** Insert a new version by `event` (create: a first draft; newVersion: the next version of a published one, `from` its status). */
  async function insertVersion(
    tx: Tx,
    event: 'create' | 'newVersion',
    values: Omit<ContentInsert, 'status' | 'statusBeforeDelete'>,
    from: UnitStatus | 'new' = 'new',
  ): Promise<Content> {
    const step = lifecycleStep(from, event);
    if (!step?.newRow || step.to === 'previous') refuse(from as UnitStatus, event);
    await checkProvider(tx, event, values.itemId);
    checkComplete(event, values as never);
    const [created] = await tx.insert(itemContents).values({ ...values, status: step.to }).returning();
    return created!;
  }

  return { transition, insertVersion, assertAllowed };
}

export type UnitLifecycle = ReturnType<typeof unitLifecycle>;
