/**
 * Institutions as the platform team writes them (spec 3 §2.10): creating an institution with its seller user
 * (a random first password e-mailed, replaced at the first sign-in, as the providers' approval does), editing it
 * and its logo. Status changes are institution-status.ts.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  INSTITUTION_MSG,
  normalizeGrants,
  type institutionCreateBody,
  type institutionUpdateBody,
} from '@edu/shared/institutions';
import { MSG } from '@edu/shared/messages';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { hashPassword, randomPassword } from '../../platform/security';
import type { AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/pg-errors';
import { readImageUpload } from '../../platform/uploads';
import { uploadUrl } from '../../platform/storage';
import { plans } from '../../db/schema';
import { emailTaken, insertUsers, renameUser } from '../users/index';
import { sellers } from './institutions.tables';
import { loadRow } from './institution-queries';

const emailTakenError = () => new AppError(409, 'EMAIL_IN_USE', INSTITUTION_MSG.emailTaken, { email: INSTITUTION_MSG.emailTaken });

async function requirePlan(ex: Executor, planId: number) {
  const [plan] = await ex.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw badRequest(MSG.planNotFound, { planId: MSG.planNotFound });
}

export function institutionCommands({ db, mailer, storage, config }: Pick<Deps, 'db' | 'mailer' | 'storage' | 'config'>) {
  const loginUrl = () => `${config.PUBLIC_URL}/`;

  return {
    /**
     * A new institution, active at once (the platform team vouches for it), with its seller user: active, a
     * random first password e-mailed, to be replaced at the first sign-in. The terms are asked at that sign-in.
     */
    async create(auth: AuthContext, body: z.output<typeof institutionCreateBody>) {
      await requirePlan(db, body.planId);
      if (await emailTaken(db, body.email)) throw emailTakenError();
      const password = randomPassword();
      const passwordHash = await hashPassword(password);
      try {
        return await db.transaction(async (tx) => {
          const [seller] = await tx
            .insert(sellers)
            .values({ name: body.sellerName, companyName: body.sellerName, cnpj: body.cnpj, planId: body.planId, status: 'active' })
            .returning({ id: sellers.id });
          const [user] = await insertUsers(tx, [
            {
              name: body.nameUser,
              email: body.email,
              passwordHash,
              type: 'seller',
              status: 'active',
              sellerId: seller!.id,
              mustChangePassword: true,
            },
          ]);
          await record(tx, {
            userId: auth.user.id,
            sellerId: auth.user.sellerId,
            action: 'created_institution',
            data: { sellerId: seller!.id, userId: user!.id, planId: body.planId },
          });
          await mailer.send(tx, {
            to: body.email,
            subject: 'Bem-vindo à Saber Compartilhado: seus dados de acesso',
            secret: true,
            paragraphs: [
              `Olá, ${body.nameUser}! A equipe Saber Compartilhado criou o acesso da instituição ${body.sellerName}.`,
              `Seu e-mail de acesso é ${body.email} e sua senha provisória é: ${password}`,
              'No primeiro acesso você vai definir uma nova senha.',
            ],
            action: { label: 'Fazer Login', url: loginUrl() },
          });
          return { message: INSTITUTION_MSG.created, userId: user!.id, sellerId: seller!.id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTakenError();
        throw err;
      }
    },

    async update(auth: AuthContext, id: number, body: z.output<typeof institutionUpdateBody>) {
      if (body.id !== undefined && body.id !== id) throw badRequest(MSG.invalidValue, { id: MSG.invalidValue });
      const current = await loadRow(db, id);
      await requirePlan(db, body.planId);
      if (!current.user) throw new AppError(409, 'NO_OWNER', INSTITUTION_MSG.noUser);
      const ownerId = current.user.id;
      if (await emailTaken(db, body.email, ownerId)) throw emailTakenError();
      const grants = body.grants ? normalizeGrants(body.grants) : current.grants;
      const grantsChanged = grants.join(',') !== current.grants.join(',');
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(sellers)
            .set({ name: body.name, companyName: body.name, cnpj: body.cnpj, planId: body.planId, grants, updatedAt: new Date() })
            .where(eq(sellers.id, id));
          await renameUser(tx, ownerId, { name: body.nameUser, email: body.email });
          const fields = [
            current.name !== body.name && 'name',
            current.cnpj !== body.cnpj && 'cnpj',
            current.planId !== body.planId && 'planId',
            current.user!.name !== body.nameUser && 'nameUser',
            current.user!.email !== body.email && 'email',
            grantsChanged && 'grants',
          ].filter(Boolean);
          await record(tx, {
            userId: auth.user.id,
            sellerId: auth.user.sellerId,
            action: 'updated_institution',
            data: { sellerId: id, fields, ...(grantsChanged ? { grants: { before: current.grants, after: grants } } : {}) },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTakenError();
        throw err;
      }
      return { message: INSTITUTION_MSG.updated, institution: await loadRow(db, id) };
    },

    async setLogo(auth: AuthContext, id: number, request: FastifyRequest) {
      const [exists] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, id));
      if (!exists) throw notFound();
      const image = await readImageUpload(request);
      const key = await storage.save('logos', image.data, image.ext);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const [current] = await tx.select({ logoKey: sellers.logoKey }).from(sellers).where(eq(sellers.id, id)).for('update');
          if (!current) throw notFound();
          await tx.update(sellers).set({ logoKey: key, updatedAt: new Date() }).where(eq(sellers.id, id));
          await record(tx, {
            userId: auth.user.id,
            sellerId: auth.user.sellerId,
            action: 'updated_institution',
            data: { sellerId: id, logo: 'set' },
          });
          return current.logoKey;
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
