/**
 * An institution's LTI connections (spec 3 §2.11, §3 "LTI connection"): list the live ones, add one with the
 * endpoints derived by `ltiEndpoints` (@edu/shared/lti), delete one by ClientId and URL. A deletion keeps the row
 * as a tombstone (deleted_at, deleted_by) for the audit; at most one live connection per institution and client
 * id (a partial unique index, so two simultaneous adds cannot both succeed). Admin and director only (route roles).
 *
 * Each connection answers the values the LMS admin pastes into the LMS (`tool`, from PUBLIC_URL only: the
 * same for every connection, so they can be pasted before the connection exists) and its accepted deployments, which
 * the admin adds and removes (audited); 'Testar conexão' fetches the platform's JWKS with a time-out. A platform URL
 * over http (localhost) is accepted only while the tool itself runs on localhost (lti-urls.ts `allowsLocalHttp`).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isAllowedLtiUrl, LTI_MSG, ltiEndpoints, type LtiConnectionView, type LtiPlatform, type LtiTestReply, type ltiAddBody, type ltiDeleteBody } from '@edu/shared/lti';
import { LTI_LIMITS, ltiToolUrls } from '@edu/shared/lti-tool';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/pg-errors';
import { sellers } from '../../db/schema';
import { ltiConnections } from './lti-connections.tables';
import { ltiDeployments } from './lti-tool.tables';
import { allowsLocalHttp } from './lti-urls';

const duplicate = () => new AppError(409, 'LTI_DUPLICATE', LTI_MSG.duplicate, { clientId: LTI_MSG.duplicate });

type Deployment = LtiConnectionView['deployments'][number];

export function toLtiView(publicUrl: string, row: typeof ltiConnections.$inferSelect, deployments: Deployment[] = []): LtiConnectionView {
  const platform = row.platform as LtiPlatform;
  return {
    id: row.id,
    sellerId: row.sellerId,
    platform,
    name: row.name,
    clientId: row.clientId,
    url: row.url,
    platformUrl: ltiEndpoints(platform, row.url).platformUrl,
    authenticationEndpoint: row.authenticationEndpoint,
    accesstokenEndpoint: row.accesstokenEndpoint,
    authConfig: row.authConfig,
    createdAt: row.createdAt.toISOString(),
    tool: ltiToolUrls(publicUrl),
    deployments,
  };
}

/** The deployments of some connections, by connection id, oldest first. */
async function deploymentsOf(ex: Executor, connectionIds: number[]): Promise<Map<number, Deployment[]>> {
  const out = new Map<number, Deployment[]>();
  if (!connectionIds.length) return out;
  const rows = await ex.select().from(ltiDeployments).where(inArray(ltiDeployments.connectionId, connectionIds)).orderBy(asc(ltiDeployments.createdAt), asc(ltiDeployments.deploymentId));
  for (const r of rows) {
    const list = out.get(r.connectionId) ?? [];
    list.push({ deploymentId: r.deploymentId, source: r.source as Deployment['source'], createdAt: r.createdAt.toISOString() });
    out.set(r.connectionId, list);
  }
  return out;
}

/**
 * 'Testar conexão': GET the platform's JWKS (no redirects followed, LTI_LIMITS.httpTimeoutMs) and say in pt-BR whether
 * it answered a key set with at least one RSA key.
 */
export async function testPlatformJwks(url: string): Promise<LtiTestReply> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(LTI_LIMITS.httpTimeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { ok: false, message: timedOut ? LTI_MSG.testTimeout(url, LTI_LIMITS.httpTimeoutMs / 1000) : LTI_MSG.testUnreachable(url) };
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, message: LTI_MSG.testHttp(url, res.status) };
  }
  try {
    const body = (await res.json()) as { keys?: unknown };
    const keys = Array.isArray(body.keys) ? body.keys.filter((k): k is { kty: string } => !!k && typeof k === 'object' && (k as { kty?: unknown }).kty === 'RSA') : [];
    if (!keys.length) return { ok: false, message: LTI_MSG.testNotJwks(url) };
    return { ok: true, message: LTI_MSG.testOk(keys.length) };
  } catch {
    return { ok: false, message: LTI_MSG.testNotJwks(url) };
  }
}

async function requireSeller(ex: Executor, id: number) {
  const [row] = await ex.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, id));
  if (!row) throw notFound();
}

export function ltiService(deps: Deps) {
  const { db, config } = deps;
  const live = (sellerId: number) => and(eq(ltiConnections.sellerId, sellerId), isNull(ltiConnections.deletedAt));
  const view = (row: typeof ltiConnections.$inferSelect, deployments?: Deployment[]) => toLtiView(config.PUBLIC_URL, row, deployments);

  /** A live connection of the institution; 404 otherwise (another institution's connection too). */
  async function connectionOf(ex: Executor, sellerId: number, connectionId: number) {
    await requireSeller(ex, sellerId);
    const [row] = await ex.select().from(ltiConnections).where(and(live(sellerId), eq(ltiConnections.id, connectionId)));
    if (!row) throw notFound(LTI_MSG.connectionNotFound);
    return row;
  }

  return {
    async list(sellerId: number) {
      await requireSeller(db, sellerId);
      const rows = await db.select().from(ltiConnections).where(live(sellerId)).orderBy(asc(ltiConnections.createdAt), asc(ltiConnections.id));
      const deployments = await deploymentsOf(db, rows.map((r) => r.id));
      return { data: rows.map((r) => view(r, deployments.get(r.id))), tool: ltiToolUrls(config.PUBLIC_URL) };
    },

    async add(auth: AuthContext, sellerId: number, body: z.output<typeof ltiAddBody>) {
      await requireSeller(db, sellerId);
      if (!isAllowedLtiUrl(body.url, allowsLocalHttp(config.PUBLIC_URL))) {
        throw new AppError(400, 'VALIDATION', LTI_MSG.urlNotHttpsProduction, { url: LTI_MSG.urlNotHttpsProduction });
      }
      const endpoints = ltiEndpoints(body.platform, body.url);
      try {
        const row = await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: ltiConnections.id })
            .from(ltiConnections)
            .where(and(live(sellerId), eq(ltiConnections.clientId, body.clientId)));
          if (taken) throw duplicate();
          // A launch names its connection by issuer and ClientId: one live connection per pair across institutions
          // (adds of the same ClientId run one after the other).
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lti-client:${body.clientId}`}))`);
          const sameClient = await tx
            .select({ platform: ltiConnections.platform, url: ltiConnections.url })
            .from(ltiConnections)
            .where(and(eq(ltiConnections.clientId, body.clientId), isNull(ltiConnections.deletedAt)));
          if (sameClient.some((c) => ltiEndpoints(c.platform as LtiPlatform, c.url).platformUrl === endpoints.platformUrl)) {
            throw new AppError(409, 'LTI_DUPLICATE_ELSEWHERE', LTI_MSG.duplicateElsewhere, { clientId: LTI_MSG.duplicateElsewhere });
          }
          const [inserted] = await tx
            .insert(ltiConnections)
            .values({
              sellerId,
              platform: body.platform,
              name: body.name,
              clientId: body.clientId,
              url: body.url,
              authenticationEndpoint: endpoints.authenticationEndpoint,
              accesstokenEndpoint: endpoints.accesstokenEndpoint,
              authConfig: endpoints.authConfig,
              createdBy: auth.user.id,
            })
            .returning();
          if (body.deploymentId) {
            await tx.insert(ltiDeployments).values({ connectionId: inserted!.id, deploymentId: body.deploymentId, source: 'admin', createdBy: auth.user.id });
          }
          await record(tx, {
            userId: auth.user.id,
            sellerId: auth.user.sellerId,
            action: 'added_lti_connection',
            data: { sellerId, connectionId: inserted!.id, platform: body.platform, clientId: body.clientId, url: body.url, deploymentId: body.deploymentId || null },
          });
          return { inserted: inserted!, deployments: await deploymentsOf(tx, [inserted!.id]) };
        });
        return { message: LTI_MSG.created, connection: view(row.inserted, row.deployments.get(row.inserted.id)) };
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },

    async remove(auth: AuthContext, sellerId: number, body: z.output<typeof ltiDeleteBody>) {
      await requireSeller(db, sellerId);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(ltiConnections)
          .set({ deletedAt: new Date(), deletedBy: auth.user.id })
          .where(and(live(sellerId), eq(ltiConnections.clientId, body.clientId), eq(ltiConnections.url, body.url)))
          .returning({ id: ltiConnections.id, platform: ltiConnections.platform });
        if (!row) throw notFound(LTI_MSG.notFound);
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'removed_lti_connection',
          data: { sellerId, connectionId: row.id, platform: row.platform, clientId: body.clientId, url: body.url },
        });
        return row.id;
      });
      return { message: LTI_MSG.deleted, id };
    },

    async test(sellerId: number, connectionId: number): Promise<LtiTestReply> {
      const row = await connectionOf(db, sellerId, connectionId);
      return testPlatformJwks(row.authConfig.key);
    },

    async addDeployment(auth: AuthContext, sellerId: number, connectionId: number, deploymentId: string) {
      const result = await db.transaction(async (tx) => {
        const row = await connectionOf(tx, sellerId, connectionId);
        const inserted = await tx
          .insert(ltiDeployments)
          .values({ connectionId, deploymentId, source: 'admin', createdBy: auth.user.id })
          .onConflictDoNothing()
          .returning({ deploymentId: ltiDeployments.deploymentId });
        if (!inserted.length) throw new AppError(409, 'LTI_DEPLOYMENT_DUPLICATE', LTI_MSG.deploymentDuplicate, { deploymentId: LTI_MSG.deploymentDuplicate });
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'added_lti_deployment',
          data: { sellerId, connectionId, deploymentId },
        });
        return { row, deployments: await deploymentsOf(tx, [connectionId]) };
      });
      return { message: LTI_MSG.deploymentAdded, connection: view(result.row, result.deployments.get(connectionId)) };
    },

    /** Removes an accepted deployment (the admin's or the first launch's): its launches are refused from now on. */
    async removeDeployment(auth: AuthContext, sellerId: number, connectionId: number, deploymentId: string) {
      const result = await db.transaction(async (tx) => {
        const row = await connectionOf(tx, sellerId, connectionId);
        // Under the lock the first launch takes to record a deployment (lti-oidc.ts `acceptDeployment`).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lti-deployments:${connectionId}`}))`);
        const removed = await tx
          .delete(ltiDeployments)
          .where(and(eq(ltiDeployments.connectionId, connectionId), eq(ltiDeployments.deploymentId, deploymentId)))
          .returning({ source: ltiDeployments.source });
        if (!removed.length) throw notFound(LTI_MSG.deploymentNotFound);
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'removed_lti_deployment',
          data: { sellerId, connectionId, deploymentId, source: removed[0]!.source },
        });
        return { row, deployments: await deploymentsOf(tx, [connectionId]) };
      });
      return { message: LTI_MSG.deploymentRemoved, connection: view(result.row, result.deployments.get(connectionId)) };
    },
  };
}
