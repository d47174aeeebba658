/**
 * The content picker of a deep-linking launch (IMS Deep Linking 2.0). The session token (`x-lti-session`,
 * from the launch's redirect) is the picker's only credential: it reads the connection's institution's catalogue —
 * the units of its ACTIVE rentals, through the same gate as 'Meu Catálogo' with the institution as actor — and its
 * subjects, and answers once: a signed LtiDeepLinkingResponse with one LtiResourceLink per choice, whose custom
 * parameters name the unit (`saber_unit`, item id) or the subject (`saber_subject`); a unit or subject with questions
 * asks the platform for a line item (0–100), so the viewer's answers can come back as a score (lti-grades.ts).
 */
import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LTI_PLATFORM_LABELS, type LtiPlatform } from '@edu/shared/lti';
import {
  LTI_CLAIM,
  LTI_CUSTOM_SUBJECT,
  LTI_CUSTOM_UNIT,
  LTI_LIMITS,
  LTI_MESSAGE,
  LTI_TOOL_MSG,
  LTI_VERSION,
  ltiToolUrls,
  type DeepLinkingContext,
} from '@edu/shared/lti-tool';
import type { catalogueQuery } from '@edu/shared/catalogue';
import { ID_MAX } from '@edu/shared/validation';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { sha256 } from '../../platform/security';
import { checkAccess, grantActor } from '../access/index';
import { isInstitutionActive } from '@edu/shared/institutions';
import { catalogueService } from '../catalogue/index';
import { itemContents, items, providers, subjectItems, subjects } from '../../db/schema';
import { ltiDeepLinkSessions } from './lti-tool.tables';
import type { LtiKeyStore } from './lti-keys';
import { liveConnection } from './lti-oidc';
import { refuse } from './lti-pages';
import { questionsOf } from './lti-questions';

type Session = typeof ltiDeepLinkSessions.$inferSelect;

const sessionRefused = () => new AppError(403, 'LTI_SESSION_INVALID', LTI_TOOL_MSG.sessionInvalid);

/** `u:12,s:3` → the choices, each once, in order; null when malformed. */
export function parseChoice(text: string): { kind: 'unit' | 'subject'; id: number }[] | null {
  const out: { kind: 'unit' | 'subject'; id: number }[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([us]):([1-9]\d{0,9})$/.exec(part);
    if (!m || Number(m[2]) > ID_MAX) return null;
    const choice = { kind: m[1] === 'u' ? ('unit' as const) : ('subject' as const), id: Number(m[2]) };
    if (!out.some((c) => c.kind === choice.kind && c.id === choice.id)) out.push(choice);
  }
  return out;
}

export function deepLinkingService(deps: Deps, keys: LtiKeyStore) {
  const { db, config } = deps;
  const catalogue = catalogueService(deps);

  /** A live session of an active institution's live connection; 400 without a token, 403 otherwise. */
  async function sessionOf(token: string | undefined): Promise<Session> {
    if (!token) throw new AppError(400, 'LTI_SESSION_MISSING', LTI_TOOL_MSG.sessionInvalid);
    const [row] = await db
      .select()
      .from(ltiDeepLinkSessions)
      .where(and(eq(ltiDeepLinkSessions.tokenHash, sha256(token)), isNull(ltiDeepLinkSessions.usedAt), gt(ltiDeepLinkSessions.expiresAt, sql`now()`)));
    if (!row) throw sessionRefused();
    const connection = await liveConnection(db, row.connectionId);
    if (!connection) throw sessionRefused();
    if (!isInstitutionActive(connection.sellerStatus)) throw new AppError(403, 'LTI_INSTITUTION_INACTIVE', LTI_TOOL_MSG.institutionInactive);
    return row;
  }

  /** The published version, title and provider of units the institution may read now (an ACTIVE rent). */
  async function readableUnits(sellerId: number, itemIds: number[]) {
    if (!itemIds.length) return [];
    const allowed = await checkAccess(db, grantActor('lti', sellerId), 'item.read', itemIds);
    if (!allowed.size) return [];
    return db
      .select({ itemId: items.id, contentId: itemContents.id, title: itemContents.title, provider: providers.companyName })
      .from(items)
      .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(inArray(items.id, [...allowed]));
  }

  /** The institution's subjects with the versions they pin that the institution may read now. */
  async function readableSubjects(sellerId: number, subjectIds?: number[]) {
    const rows = await db
      .select({ id: subjects.id, name: subjects.name, contentId: subjectItems.itemContentId })
      .from(subjects)
      .leftJoin(subjectItems, eq(subjectItems.subjectId, subjects.id))
      .where(and(eq(subjects.sellerId, sellerId), subjectIds ? inArray(subjects.id, subjectIds) : undefined))
      .orderBy(asc(subjects.nameFolded), asc(subjects.id), asc(subjectItems.position));
    const readable = await checkAccess(db, grantActor('lti', sellerId), 'unit.read', rows.flatMap((r) => (r.contentId === null ? [] : [r.contentId])));
    const out = new Map<number, { id: number; name: string; contentIds: number[] }>();
    for (const r of rows) {
      const s = out.get(r.id) ?? { id: r.id, name: r.name, contentIds: [] };
      if (r.contentId !== null && readable.has(r.contentId)) s.contentIds.push(r.contentId);
      out.set(r.id, s);
    }
    return [...out.values()];
  }

  return {
    async context(token: string | undefined): Promise<DeepLinkingContext> {
      const session = await sessionOf(token);
      const connection = (await liveConnection(db, session.connectionId))!;
      const list = await readableSubjects(session.sellerId);
      return {
        institution: connection.sellerName,
        platform: LTI_PLATFORM_LABELS[connection.platform as LtiPlatform] ?? connection.platform,
        acceptMultiple: session.acceptMultiple,
        expiresAt: session.expiresAt.toISOString(),
        subjects: list.map((s) => ({ id: s.id, name: s.name, units: s.contentIds.length })),
      };
    },

    async catalogue(token: string | undefined, q: z.output<typeof catalogueQuery>) {
      const session = await sessionOf(token);
      return catalogue.listForInstitution(session.sellerId, q);
    },

    /**
     * The signed response and where to post it. The session is marked used in the same statement that reads it, so a
     * second answer (a double click, a replay) is refused; a choice that is no longer readable refuses the whole answer.
     */
    async respond(body: { session?: string; items?: string }): Promise<{ returnUrl: string; jwt: string; frameAncestor: string }> {
      const session = await sessionOf(body.session).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'LTI_INSTITUTION_INACTIVE') throw refuse(403, 'institutionInactive', LTI_TOOL_MSG.institutionInactive);
        throw refuse(403, 'sessionInvalid', LTI_TOOL_MSG.sessionInvalid);
      });
      const choice = parseChoice(body.items ?? '');
      if (!choice || choice.length === 0) throw refuse(400, 'nothingChosen', LTI_TOOL_MSG.nothingChosen);
      if (!session.acceptMultiple && choice.length > 1) throw refuse(400, 'onlyOne', LTI_TOOL_MSG.onlyOne);
      if (choice.length > LTI_LIMITS.maxItems) throw refuse(400, 'tooMany', LTI_TOOL_MSG.tooMany(LTI_LIMITS.maxItems));

      const unitIds = choice.filter((c) => c.kind === 'unit').map((c) => c.id);
      const subjectIds = choice.filter((c) => c.kind === 'subject').map((c) => c.id);
      const units = new Map((await readableUnits(session.sellerId, unitIds)).map((u) => [u.itemId, u]));
      const subjectRows = new Map((subjectIds.length ? await readableSubjects(session.sellerId, subjectIds) : []).map((s) => [s.id, s]));
      // A subject none of whose units the institution may read now would open nothing: unavailable, as an ended unit.
      if (unitIds.some((id) => !units.has(id)) || subjectIds.some((id) => !subjectRows.get(id)?.contentIds.length)) {
        throw refuse(403, 'itemUnavailable', LTI_TOOL_MSG.itemUnavailable);
      }
      const questions = await questionsOf(db, [...[...units.values()].map((u) => u.contentId), ...[...subjectRows.values()].flatMap((s) => s.contentIds)]);
      const countOf = (contentIds: number[]) => contentIds.reduce((n, id) => n + (questions.get(id)?.length ?? 0), 0);

      const connection = await liveConnection(db, session.connectionId);
      if (!connection) throw refuse(403, 'sessionInvalid', LTI_TOOL_MSG.sessionInvalid);
      const toolUrl = ltiToolUrls(config.PUBLIC_URL).toolUrl;
      const contentItems = choice.map((c) => {
        const unit = c.kind === 'unit' ? units.get(c.id)! : null;
        const subject = c.kind === 'subject' ? subjectRows.get(c.id)! : null;
        const title = unit ? unit.title : subject!.name;
        const graded = session.acceptLineitem && countOf(unit ? [unit.contentId] : subject!.contentIds) > 0;
        return {
          type: 'ltiResourceLink',
          title,
          text: unit ? unit.provider : `Disciplina · ${subject!.contentIds.length} ${subject!.contentIds.length === 1 ? 'unidade' : 'unidades'}`,
          url: toolUrl,
          custom: unit ? { [LTI_CUSTOM_UNIT]: String(c.id) } : { [LTI_CUSTOM_SUBJECT]: String(c.id) },
          ...(graded ? { lineItem: { scoreMaximum: 100, label: title, resourceId: `${c.kind}-${c.id}` } } : {}),
        };
      });

      const used = await db
        .update(ltiDeepLinkSessions)
        .set({ usedAt: new Date() })
        .where(and(eq(ltiDeepLinkSessions.tokenHash, session.tokenHash), isNull(ltiDeepLinkSessions.usedAt)))
        .returning({ tokenHash: ltiDeepLinkSessions.tokenHash });
      if (!used.length) throw refuse(403, 'sessionInvalid', LTI_TOOL_MSG.sessionInvalid);

      const signer = await keys.signer();
      const jwt = await signer.sign({
        iss: connection.clientId,
        // The request's `iss` exactly as the platform wrote it (a trailing slash kept), as Deep Linking §4.5 asks.
        aud: session.issuer ?? connection.platformUrl,
        nonce: crypto.randomBytes(16).toString('base64url'),
        [LTI_CLAIM.deploymentId]: session.deploymentId,
        [LTI_CLAIM.messageType]: LTI_MESSAGE.deepLinkingResponse,
        [LTI_CLAIM.version]: LTI_VERSION,
        [LTI_CLAIM.contentItems]: contentItems,
        ...(session.data !== null ? { [LTI_CLAIM.deepLinkingData]: session.data } : {}),
      });
      return { returnUrl: session.returnUrl, jwt, frameAncestor: new URL(connection.url).origin };
    },
  };
}
