/**
 * Provider services, 'Meus Serviços' (spec 2 §2.13, §7.5). A service belongs to the provider of the
 * signed-in service provider; another provider's service answers 404, as if it did not exist.
 *
 * No audit entry: the audit actions of spec 1 §3 / spec 2 §7.7 have none for services. An image of another site is
 * imported into our storage when saved.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SERVICE_LIMITS, SERVICE_MSG, type ProviderService, type serviceCreateBody, type serviceUpdateBody } from '@edu/shared/services';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { contentStore } from '../../platform/content-store';
import { providerServices } from './services.tables';
import { accessWhere } from '../access/index';

type Row = typeof providerServices.$inferSelect;

export function toService(row: Row): ProviderService {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    image: row.image,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The provider whose services `auth` keeps. */
function providerOf(auth: AuthContext): number {
  if (auth.user.providerId === null) throw forbidden(SERVICE_MSG.noProvider);
  return auth.user.providerId;
}

export function servicesService(deps: Deps) {
  const { db } = deps;
  // An external image is imported into our storage when saved (platform/content-store.ts): no reader loads another site.
  const store = contentStore(deps);
  /** The service `id` if the caller may edit it: the access gate's condition in the statement itself (another provider's is 404). */
  const owned = (auth: AuthContext, id: number) => and(eq(providerServices.id, id), accessWhere(auth, 'service.edit'));

  return {
    async list(auth: AuthContext): Promise<ProviderService[]> {
      // The caller's own services: the same gate condition as the single-service calls.
      const rows = await db
        .select()
        .from(providerServices)
        .where(accessWhere(auth, 'service.edit'))
        .orderBy(desc(providerServices.createdAt), desc(providerServices.id));
      return rows.map(toService);
    },

    async create(auth: AuthContext, body: z.output<typeof serviceCreateBody>): Promise<ProviderService> {
      const providerId = providerOf(auth);
      const image = (await store.onField('image', () => store.image(body.image))) ?? null;
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx.select({ n: count() }).from(providerServices).where(eq(providerServices.providerId, providerId));
        if (Number(existing?.n ?? 0) >= SERVICE_LIMITS.perProvider) throw badRequest(SERVICE_MSG.tooMany(SERVICE_LIMITS.perProvider));
        const [created] = await tx
          .insert(providerServices)
          .values({
            providerId,
            title: body.title,
            description: body.description,
            price: body.price,
            image,
            link: body.link ?? null,
          })
          .returning();
        return created!;
      });
      return toService(row);
    },

    async update(auth: AuthContext, id: number, body: z.output<typeof serviceUpdateBody>): Promise<ProviderService> {
      providerOf(auth);
      const changes: Partial<typeof providerServices.$inferInsert> = { updatedAt: new Date() };
      if (body.title !== undefined) changes.title = body.title;
      if (body.description !== undefined) changes.description = body.description;
      if (body.price !== undefined) changes.price = body.price;
      if (body.image !== undefined) {
        // Nothing is fetched for someone else's service (404 as in the update itself).
        const [mine] = await db.select({ id: providerServices.id }).from(providerServices).where(owned(auth, id));
        if (!mine) throw notFound(SERVICE_MSG.notFound);
        changes.image = await store.onField('image', () => store.image(body.image));
      }
      if (body.link !== undefined) changes.link = body.link;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(providerServices).set(changes).where(owned(auth, id)).returning();
        if (!updated) throw notFound(SERVICE_MSG.notFound);
        return updated;
      });
      return toService(row);
    },

    async remove(auth: AuthContext, id: number) {
      providerOf(auth);
      await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(providerServices).where(owned(auth, id)).returning({ id: providerServices.id });
        if (!deleted) throw notFound(SERVICE_MSG.notFound);
      });
      return { message: SERVICE_MSG.deleted };
    },
  };
}
