/**
 * Providers: the admin list with counts, approval and rejection (with the access e-mail), the
 * Premium condition, and the provider data of Meu Perfil with its logo and cover.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@edu/shared/messages';
import {
  isLiberal,
  type ProviderCondition,
  type ProviderProfile,
  type ProviderRow,
  type providerStatusBody,
  type providerUpdateBody,
  type providersFilterQuery,
} from '@edu/shared/providers';
import type { Deps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { hashPassword, randomPassword } from '../../platform/security';
import { revokeUserSessions, type AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { readImageUpload } from '../../platform/uploads';
import { uploadUrl } from '../../platform/storage';
import { users } from '../../db/schema';
import { foldedMatch } from '../../platform/search';
import { providers } from './providers.tables';
import { requireAccess } from '../access/index';

type ProviderRecord = typeof providers.$inferSelect;

const IN_REVIEW = ['review', 'pending'];

export function toProviderRow(p: ProviderRecord): ProviderRow {
  return {
    id: p.id,
    companyName: p.companyName,
    name: p.name,
    email: p.email,
    typePerson: p.typePerson,
    cpf: p.cpf,
    cnpj: p.cnpj,
    status: p.status,
    condition: p.condition === 'premium' ? 'premium' : 'basic',
    isServiceProvider: p.isServiceProvider,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The profile view: the row's fields (minus createdAt) plus the editable provider data. */
export function toProviderProfile(p: ProviderRecord): ProviderProfile {
  const { createdAt: _createdAt, ...row } = toProviderRow(p);
  return {
    ...row,
    description: p.description,
    imgLogoUrl: uploadUrl(p.imgLogoKey),
    imgCoverUrl: uploadUrl(p.imgCoverKey),
    linkedin: p.linkedin,
    lattes: p.lattes,
    professional_experience: p.professionalExperience,
    knowledgeLevel: p.knowledgeLevel,
  };
}

export function providersService(deps: Deps) {
  const { db, mailer, storage, config } = deps;

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
    async filter(q: z.output<typeof providersFilterQuery>) {
      const base: SQL[] = [];
      if (q.typePerson) base.push(eq(providers.typePerson, q.typePerson));
      if (q.name) {
        base.push(
          or(
            foldedMatch(providers.companyNameFolded, q.name),
            foldedMatch(providers.nameFolded, q.name),
            foldedMatch(providers.emailFolded, q.name),
          )!,
        );
      }
      const statusCondition =
        q.status === 'review' ? inArray(providers.status, IN_REVIEW) : q.status ? eq(providers.status, q.status) : undefined;
      const baseWhere = base.length ? and(...base) : undefined;
      const where = and(baseWhere, statusCondition);
      // A-Z as a pt-BR reader expects it (accents and case ignored); Mais Recentes newest first.
      const order =
        q.order === 'name'
          ? [asc(providers.companyNameFolded), asc(providers.companyName), asc(providers.id)]
          : [desc(providers.createdAt), desc(providers.id)];
      const [rows, [counts]] = await Promise.all([
        db.select().from(providers).where(where).orderBy(...order).limit(q.limit).offset((q.page - 1) * q.limit),
        db
          .select({
            all: count(),
            review: sql<string>`count(*) filter (where ${providers.status} in ('review', 'pending'))`,
            active: sql<string>`count(*) filter (where ${providers.status} = 'active')`,
            rejected: sql<string>`count(*) filter (where ${providers.status} = 'rejected')`,
          })
          .from(providers)
          .where(baseWhere),
      ]);
      const c = {
        all: Number(counts?.all ?? 0),
        review: Number(counts?.review ?? 0),
        active: Number(counts?.active ?? 0),
        rejected: Number(counts?.rejected ?? 0),
      };
      const total = q.status ? c[q.status] : c.all;
      return { data: rows.map(toProviderRow), total, page: q.page, limit: q.limit, counts: c };
    },

    /**
     * Approve (active) or reject (rejected) providers, all in one transaction with the audit entry.
     * Approving a provider that is not active yet activates its account holders (users of type
     * provider), gives each a new random password that must be replaced at the first sign-in, and
     * e-mails the access data. Rejecting deactivates every active user of the provider (sessions
     * revoked) and e-mails a polite notice. A provider already in the requested status is left as is.
     */
    async setStatus(auth: AuthContext, body: z.output<typeof providerStatusBody>) {
      const ids = [...new Set(body.ids)];
      const found = await db.select().from(providers).where(inArray(providers.id, ids));
      if (found.length !== ids.length) throw notFound();
      const candidates = found.filter((p) => p.status !== body.status).map((p) => p.id);
      const members = candidates.length
        ? await db.select().from(users).where(and(inArray(users.providerId, candidates), ne(users.status, 'exclused')))
        : [];
      // Hash the new passwords before the transaction: argon2 is slow on purpose.
      const credentials =
        body.status === 'active'
          ? await Promise.all(
              members
                .filter((u) => u.type === 'provider')
                .map(async (user) => {
                  const password = randomPassword();
                  return { user, password, passwordHash: await hashPassword(password) };
                }),
            )
          : [];
      const loginUrl = `${config.PUBLIC_URL}/`;

      const changed = await db.transaction(async (tx) => {
        // Re-checked under the row locks of the update: a concurrent change is not applied twice.
        const rows = candidates.length
          ? await tx
              .update(providers)
              .set({ status: body.status, updatedAt: new Date() })
              .where(and(inArray(providers.id, candidates), ne(providers.status, body.status)))
              .returning()
          : [];
        const changedIds = new Set(rows.map((p) => p.id));
        if (body.status === 'active') {
          for (const { user, password, passwordHash } of credentials) {
            if (!changedIds.has(user.providerId!)) continue;
            const provider = rows.find((p) => p.id === user.providerId)!;
            await tx
              .update(users)
              .set({ status: 'active', passwordHash, mustChangePassword: true, updatedAt: new Date() })
              .where(eq(users.id, user.id));
            await revokeUserSessions(tx, user.id);
            await mailer.send(tx, {
              to: user.email,
              subject: 'Cadastro aprovado: seus dados de acesso',
              secret: true,
              paragraphs: [
                `Olá, ${user.name}! O cadastro de ${provider.companyName} na plataforma Saber Compartilhado foi aprovado.`,
                `Seu e-mail de acesso é ${user.email} e sua senha provisória é: ${password}`,
                'No primeiro acesso você vai definir uma nova senha.',
              ],
              action: { label: 'Fazer Login', url: loginUrl },
            });
          }
        } else {
          for (const provider of rows) {
            const team = members.filter((u) => u.providerId === provider.id);
            for (const user of team.filter((u) => u.status === 'active')) {
              await tx.update(users).set({ status: 'inative', updatedAt: new Date() }).where(eq(users.id, user.id));
              await revokeUserSessions(tx, user.id);
            }
            const owners = team.filter((u) => u.type === 'provider');
            const recipients = owners.length ? owners.map((u) => ({ email: u.email, name: u.name })) : [{ email: provider.email, name: provider.name }];
            for (const to of recipients) {
              await mailer.send(tx, {
                to: to.email,
                subject: 'Resultado da análise do seu cadastro',
                paragraphs: [
                  `Olá, ${to.name}!`,
                  `Agradecemos o interesse de ${provider.companyName} em fazer parte da plataforma Saber Compartilhado.`,
                  'Depois de analisar o seu cadastro, infelizmente não pudemos aprová-lo neste momento.',
                  'Se quiser saber mais ou enviar informações complementares, responda a este e-mail ou fale com o nosso atendimento.',
                ],
              });
            }
          }
        }
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'updated_provider_status',
          data: { ids, status: body.status, changed: [...changedIds] },
        });
        return rows.length;
      });
      return { updated: changed, message: MSG.providerStatusChanged };
    },

    async setCondition(auth: AuthContext, id: number, condition: ProviderCondition) {
      await db.transaction(async (tx) => {
        const [row] = await tx.update(providers).set({ condition, updatedAt: new Date() }).where(eq(providers.id, id)).returning({ id: providers.id });
        if (!row) throw notFound();
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'updated_condition_provider', data: { providerId: id, condition } });
      });
      return { id, condition, message: MSG.providerConditionChanged };
    },

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
