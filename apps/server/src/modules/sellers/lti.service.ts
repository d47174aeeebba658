/**
 * An institution's LTI connections (spec 3 §2.11, §3 "LTI connection"): list the live ones, add one with the
 * endpoints derived by `ltiEndpoints` (@edu/shared/lti), delete one by ClientId and URL. A deletion keeps the row
 * as a tombstone (deleted_at, deleted_by) for the audit; at most one live connection per institution and client
 * id (a partial unique index, so two simultaneous adds cannot both succeed). Admin and director only (route roles).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { LTI_MSG, ltiEndpoints, type LtiConnectionView, type LtiPlatform, type ltiAddBody, type ltiDeleteBody } from '@edu/shared/lti';
import type { Deps } from '../../platform/http';
import type { Executor } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/pg-errors';
import { sellers } from './sellers.tables';
import { ltiConnections } from './lti.tables';

const duplicate = () => new AppError(409, 'LTI_DUPLICATE', LTI_MSG.duplicate, { clientId: LTI_MSG.duplicate });

export function toLtiView(row: typeof ltiConnections.$inferSelect): LtiConnectionView {
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
  };
}

async function requireSeller(ex: Executor, id: number) {
  const [row] = await ex.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, id));
  if (!row) throw notFound();
}

export function ltiService(deps: Deps) {
  const { db } = deps;
  const live = (sellerId: number) => and(eq(ltiConnections.sellerId, sellerId), isNull(ltiConnections.deletedAt));

  return {
    async list(sellerId: number) {
      await requireSeller(db, sellerId);
      const rows = await db.select().from(ltiConnections).where(live(sellerId)).orderBy(asc(ltiConnections.createdAt), asc(ltiConnections.id));
      return { data: rows.map(toLtiView) };
    },

    async add(auth: AuthContext, sellerId: number, body: z.output<typeof ltiAddBody>) {
      await requireSeller(db, sellerId);
      const endpoints = ltiEndpoints(body.platform, body.url);
      try {
        const row = await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: ltiConnections.id })
            .from(ltiConnections)
            .where(and(live(sellerId), eq(ltiConnections.clientId, body.clientId)));
          if (taken) throw duplicate();
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
          await record(tx, {
            userId: auth.user.id,
            sellerId: auth.user.sellerId,
            action: 'added_lti_connection',
            data: { sellerId, connectionId: inserted!.id, platform: body.platform, clientId: body.clientId, url: body.url },
          });
          return inserted!;
        });
        return { message: LTI_MSG.created, connection: toLtiView(row) };
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
  };
}
