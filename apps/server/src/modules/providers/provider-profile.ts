/** The provider data of Meu Perfil: read and edited by the provider's own users and staff, with its logo and cover. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@edu/shared/messages';
import { isLiberal, type providerUpdateBody } from '@edu/shared/providers';
import type { Deps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { readImageUpload } from '../../platform/uploads';
import { uploadUrl } from '../../platform/storage';
import { requireAccess } from '../access/index';
import { providers } from './providers.tables';
import { toProviderProfile, type ProviderRecord } from './provider-views';

export function providerProfileService(deps: Deps) {
  const { db, storage } = deps;

  /**
   * The provider `id` if `auth` may see and edit it: admin and director any provider; a provider or
   * serviceProvider user only its own. Another provider's id answers 404, as if it did not exist.
   */
  async function loadOwned(auth: AuthContext, id: number): Promise<ProviderRecord> {
    await requireAccess(db, auth, 'provider.edit', id);
    const [row] = await db.select().from(providers).where(eq(providers.id, id));
    if (!row) throw notFound();
    return row;
  }

  return {
    async view(auth: AuthContext, id: number) {
      return toProviderProfile(await loadOwned(auth, id));
    },

    async update(auth: AuthContext, id: number, body: z.output<typeof providerUpdateBody>) {
      if (body.id !== undefined && body.id !== id) throw badRequest(MSG.invalidValue, { id: MSG.invalidValue });
      await loadOwned(auth, id);
      const { updated, removed } = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
        if (!current) throw notFound();
        // An image URL can only be kept or deleted here; a new image goes through the upload.
        for (const [key, column] of [['imgLogoUrl', 'imgLogoKey'], ['imgCoverUrl', 'imgCoverKey']] as const) {
          const value = body[key];
          if (typeof value === 'string' && value !== uploadUrl(current[column])) throw badRequest(MSG.invalidValue, { [key]: MSG.invalidValue });
        }
        const set: Partial<typeof providers.$inferInsert> = {};
        if (body.companyName !== undefined) set.companyName = body.companyName;
        if (body.description !== undefined) set.description = body.description;
        if (isLiberal(current.typePerson)) {
          if (body.linkedin !== undefined) set.linkedin = body.linkedin;
          if (body.lattes !== undefined) set.lattes = body.lattes;
          if (body.professional_experience !== undefined) set.professionalExperience = body.professional_experience;
          if (body.knowledgeLevel !== undefined) set.knowledgeLevel = [...new Set(body.knowledgeLevel)].sort((a, b) => a - b);
        }
        const removedKeys: string[] = [];
        if (body.imgLogoUrl === null && current.imgLogoKey) {
          set.imgLogoKey = null;
          removedKeys.push(current.imgLogoKey);
        }
        if (body.imgCoverUrl === null && current.imgCoverKey) {
          set.imgCoverKey = null;
          removedKeys.push(current.imgCoverKey);
        }
        if (Object.keys(set).length === 0) return { updated: current, removed: [] };
        const [row] = await tx
          .update(providers)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(providers.id, id))
          .returning();
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'updated_profile',
          // The audit names the fields as the API does (the images' columns keep keys).
          data: { providerId: id, fields: Object.keys(set).map((f) => (f === 'imgLogoKey' ? 'imgLogoUrl' : f === 'imgCoverKey' ? 'imgCoverUrl' : f)) },
        });
        return { updated: row!, removed: removedKeys };
      });
      for (const key of removed) await storage.remove(key);
      return toProviderProfile(updated);
    },

    async setImage(auth: AuthContext, id: number, kind: 'logo' | 'cover', request: FastifyRequest) {
      await loadOwned(auth, id);
      const image = await readImageUpload(request);
      const key = await storage.save(kind === 'logo' ? 'logos' : 'covers', image.data, image.ext);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const [current] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
          if (!current) throw notFound();
          await tx
            .update(providers)
            .set({ ...(kind === 'logo' ? { imgLogoKey: key } : { imgCoverKey: key }), updatedAt: new Date() })
            .where(eq(providers.id, id));
          await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'updated_profile', data: { providerId: id, [kind]: 'set' } });
          return kind === 'logo' ? current.imgLogoKey : current.imgCoverKey;
        });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      await storage.remove(previous);
      return { url: uploadUrl(key) };
    },
  };
}
