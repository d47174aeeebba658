import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { canManageUser, canViewUser, manageableTypes, type UserType } from '@edu/shared/access';
import { MSG } from '@edu/shared/messages';
import type { userCreateBody, userStatusBody, userUpdateBody, usersFilterQuery } from '@edu/shared/users';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { hashPassword, randomPassword } from '../../platform/security';
import { revokeUserSessions, sessionsEnded, sessionUserChanged, type AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/pg-errors';
import { readImageUpload } from '../../platform/uploads';
import { users } from './users.tables';
import { foldedMatch } from '../../platform/search';
import { emailTaken, toUserRow, userPage } from './users.queries';
import { uploadUrl } from '../../platform/storage';

export function usersService(deps: Deps) {
  const { db, mailer, storage, config } = deps;

  async function loadTarget(auth: AuthContext, id: number, mode: 'view' | 'manage') {
    const [target] = await db.select().from(users).where(eq(users.id, id));
    if (!target) throw notFound();
    const t = { id: target.id, type: target.type as UserType, providerId: target.providerId, sellerId: target.sellerId };
    const allowed = mode === 'view' ? canViewUser(auth.user, t) : auth.user.id === target.id || canManageUser(auth.user, t);
    if (!allowed) throw notFound();
    return target;
  }

  function uniqueEmail<T>(promise: Promise<T>): Promise<T> {
    return promise.catch((err) => {
      if (isUniqueViolation(err)) throw new AppError(409, 'EMAIL_IN_USE', MSG.emailInUse);
      throw err;
    });
  }

  return {
    async create(auth: AuthContext, body: z.output<typeof userCreateBody>) {
      if (!manageableTypes(auth.user.type).includes(body.type)) throw forbidden(MSG.cannotManageType);
      if (await emailTaken(db, body.email)) throw new AppError(409, 'EMAIL_IN_USE', MSG.emailInUse);
      const password = randomPassword();
      const passwordHash = await hashPassword(password);
      const user = await uniqueEmail(
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              name: body.name,
              email: body.email,
              passwordHash,
              type: body.type,
              status: body.status,
              providerId: auth.user.type === 'provider' ? auth.user.providerId : null,
              sellerId: auth.user.type === 'seller' ? auth.user.sellerId : null,
              mustChangePassword: true,
            })
            .returning();
          await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'created_new_user', data: { createdUserId: created!.id, type: body.type } });
          await mailer.send(tx, {
            to: body.email,
            subject: 'Seus dados de acesso',
            secret: true,
            paragraphs: [
              `Olá, ${body.name}! ${auth.user.name} cadastrou você na plataforma Saber Compartilhado.`,
              `Seu e-mail de acesso é ${body.email} e sua senha provisória é: ${password}`,
              'No primeiro acesso você vai definir uma nova senha.',
            ],
            action: { label: 'Fazer Login', url: `${config.PUBLIC_URL}/` },
          });
          return created!;
        }),
      );
      return toUserRow(user);
    },

    async filter(auth: AuthContext, q: z.output<typeof usersFilterQuery>) {
      const conditions: SQL[] = [];
      if (auth.user.type === 'provider') conditions.push(eq(users.providerId, auth.user.providerId ?? -1));
      else if (q.providerId ?? q.idProvider) conditions.push(eq(users.providerId, (q.providerId ?? q.idProvider)!));
      if (q.status) conditions.push(eq(users.status, q.status));
      if (q.type?.length) conditions.push(inArray(users.type, q.type));
      if (q.name) conditions.push(foldedMatch(users.nameFolded, q.name));
      const where = conditions.length ? and(...conditions) : undefined;
      // A-Z as a pt-BR reader expects it: accents and case ignored, whatever the database collation.
      const order = q.order === 'name' ? [asc(users.nameFolded), asc(users.name), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
      return userPage(db, where, order, q);
    },

    async view(auth: AuthContext, id: number) {
      return toUserRow(await loadTarget(auth, id, 'view'));
    },

    async update(auth: AuthContext, id: number, body: z.output<typeof userUpdateBody>) {
      if (body.id !== undefined && body.id !== id) throw badRequest(MSG.invalidValue, { id: MSG.invalidValue });
      const target = await loadTarget(auth, id, 'manage');
      const self = target.id === auth.user.id;
      if (self && body.type && body.type !== auth.user.type && body.type !== target.type) throw forbidden(MSG.cannotManageType);
      if (self && body.password) throw badRequest(MSG.currentPasswordWrong, { password: 'Use a alteração de senha do perfil, com a senha atual.' });
      if (!self && body.type && !manageableTypes(auth.user.type).includes(body.type)) throw forbidden(MSG.cannotManageType);
      if (await emailTaken(db, body.email, target.id)) throw new AppError(409, 'EMAIL_IN_USE', MSG.emailInUse);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      // What the session check reads (name, e-mail, type) changes: this instance's next request reads it anew.
      sessionUserChanged(target.id);
      const updated = await uniqueEmail(
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              name: body.name,
              email: body.email,
              ...(!self && body.type ? { type: body.type } : {}),
              ...(passwordHash ? { passwordHash, mustChangePassword: true } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, target.id))
            .returning();
          if (passwordHash) await revokeUserSessions(tx, target.id);
          await record(tx, {
            userId: auth.user.id,
            sellerId: auth.user.sellerId,
            action: self ? 'updated_profile' : 'edit_user',
            data: { targetUserId: target.id },
          });
          return row!;
        }),
      );
      return toUserRow(updated);
    },

    async setAvatar(auth: AuthContext, id: number, request: FastifyRequest) {
      const target = await loadTarget(auth, id, 'manage');
      const image = await readImageUpload(request);
      const key = await storage.save('avatars', image.data, image.ext);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ avatarKey: key, updatedAt: new Date() }).where(eq(users.id, target.id));
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'updated_profile', data: { targetUserId: target.id, avatar: 'set' } });
      });
      await storage.remove(target.avatarKey);
      return { avatar_url: uploadUrl(key) };
    },

    async deleteAvatar(auth: AuthContext, id: number) {
      const target = await loadTarget(auth, id, 'manage');
      if (!target.avatarKey) throw badRequest(MSG.avatarNone);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ avatarKey: null, updatedAt: new Date() }).where(eq(users.id, target.id));
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'updated_profile', data: { targetUserId: target.id, avatar: 'deleted' } });
      });
      await storage.remove(target.avatarKey);
      return { message: MSG.avatarDeleted };
    },

    async setStatus(auth: AuthContext, body: z.output<typeof userStatusBody>) {
      const ids = [...new Set(body.ids)];
      const targets = await db.select().from(users).where(inArray(users.id, ids));
      const allowed = targets.filter((t) =>
        canManageUser(auth.user, { id: t.id, type: t.type as UserType, providerId: t.providerId, sellerId: t.sellerId }),
      );
      if (targets.length !== ids.length || allowed.length !== ids.length) throw forbidden();
      const heard = Promise.all(ids.map((id) => sessionsEnded(deps.database, id)));
      await db.transaction(async (tx) => {
        await tx.update(users).set({ status: body.status, updatedAt: new Date() }).where(inArray(users.id, ids));
        if (body.status !== 'active') for (const id of ids) await revokeUserSessions(tx, id);
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'update_user_status', data: { ids, status: body.status } });
      });
      await heard;
      return { updated: ids.length };
    },
  };
}
