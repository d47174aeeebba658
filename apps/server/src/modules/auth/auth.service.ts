import { asc, eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { LIMITS } from '@edu/shared/limits';
import type { z } from 'zod';
import type { institutionSignupBody, providerSignupBody, resetPasswordBody, signinBody, updatePasswordBody } from '@edu/shared/auth';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors';
import { hashPassword, randomPassword, verifyPassword } from '../../platform/security';
import { createSession, revokeSession, revokeUserSessions, sessionsEnded, type AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/pg-errors';
import { readImageUpload } from '../../platform/uploads';
import type { FastifyRequest } from 'fastify';
import { plans, users } from '../../db/schema';
import {
  activateWithPassword,
  consumeToken,
  emailTaken,
  findToken,
  findUserByEmail,
  insertUsers,
  issueToken,
  loadSessionUser,
  setChosenPassword,
} from '../users/index';
import { activateSignedUpSeller, insertSeller, setSellerLogo } from '../institutions/index';
import { insertProvider } from '../providers/index';
import { uploadUrl } from '../../platform/storage';

export function authService(deps: Deps) {
  const { db, mailer, config } = deps;
  const ended = (userId: number) => sessionsEnded(deps.database, userId);
  const link = (path: string, query: Record<string, string>) => `${config.PUBLIC_URL}${path}?${new URLSearchParams(query).toString()}`;

  async function guardEmail(email: string) {
    if (await emailTaken(db, email)) throw new AppError(409, 'EMAIL_IN_USE', MSG.emailInUse);
  }

  /** Run a sign-up transaction, turning a unique-e-mail race into the same 409. */
  async function signupTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'EMAIL_IN_USE', MSG.emailInUse);
      throw err;
    }
  }

  return {
    async signin(body: z.output<typeof signinBody>) {
      const user = await findUserByEmail(db, body.email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok || user.status === 'exclused') throw unauthorized(MSG.loginFail);
      if (user.status !== 'active') throw new AppError(403, 'USER_INACTIVE', MSG.userInactive);
      if (user.type === 'seller' && !user.sellerId) throw new AppError(403, 'SELLER_MISSING', MSG.sellerWithoutInstitution);
      const token = await db.transaction(async (tx) => {
        const t = await createSession(tx, user.id);
        await record(tx, { userId: user.id, sellerId: user.sellerId, action: 'logged' });
        return t;
      });
      const sessionUser = await loadSessionUser(db, user.id);
      return { ...sessionUser!, token };
    },

    async signout(auth: AuthContext) {
      const heard = ended(auth.user.id);
      await db.transaction(async (tx) => {
        await revokeSession(tx, auth.sessionId);
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'logged_out' });
      });
      await heard;
      return { message: 'Sessão encerrada.' };
    },

    async me(auth: AuthContext) {
      const user = await loadSessionUser(db, auth.user.id);
      if (!user) throw unauthorized();
      return user;
    },

    async updatePassword(auth: AuthContext, body: z.output<typeof updatePasswordBody>) {
      const [user] = await db.select().from(users).where(eq(users.id, auth.user.id));
      if (!user) throw unauthorized();
      if (!user.mustChangePassword) {
        if (!body.currentPassword) throw badRequest(MSG.required, { currentPassword: MSG.required });
        if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
          throw badRequest(MSG.currentPasswordWrong, { currentPassword: MSG.currentPasswordWrong });
        }
      }
      const passwordHash = await hashPassword(body.password);
      const heard = ended(user.id);
      await db.transaction(async (tx) => {
        await setChosenPassword(tx, user.id, passwordHash);
        await revokeUserSessions(tx, user.id, auth.sessionId);
        await record(tx, { userId: user.id, sellerId: user.sellerId, action: 'changed_password' });
      });
      await heard;
      return { message: MSG.passwordChanged };
    },

    async forgotPassword(email: string) {
      const user = await findUserByEmail(db, email);
      if (!user || user.status === 'exclused') throw notFound(MSG.forgotFail);
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'reset_password', LIMITS.resetTokenMs);
        await mailer.send(tx, {
          to: user.email,
          subject: 'Redefinição de senha',
          secret: true,
          paragraphs: [
            `Olá, ${user.name}!`,
            'Recebemos um pedido para redefinir a sua senha. O link abaixo vale por uma hora e pode ser usado uma única vez.',
            'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.',
          ],
          action: { label: 'Redefinir senha', url: link('/reset-password', { token }) },
        });
      });
      return { message: MSG.forgotSuccess };
    },

    async resetPassword(body: z.output<typeof resetPasswordBody>) {
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const userId = await consumeToken(tx, body.token, 'reset_password');
        const user = await setChosenPassword(tx, userId, passwordHash);
        await revokeUserSessions(tx, userId);
        await record(tx, { userId, sellerId: user?.sellerId, action: 'reset_password' });
      });
      return { message: MSG.resetSuccess };
    },

    async confirmEmail(email: string, token: string) {
      const user = await findUserByEmail(db, email);
      if (!user) throw badRequest(MSG.tokenInvalid);
      const password = randomPassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await consumeToken(tx, token, 'confirm_email', user.id);
        await activateWithPassword(tx, user.id, passwordHash, { confirmEmail: true });
        if (user.sellerId) await activateSignedUpSeller(tx, user.sellerId);
        await record(tx, { userId: user.id, sellerId: user.sellerId, action: 'confirmed_email' });
        await mailer.send(tx, {
          to: user.email,
          subject: 'Seus dados de acesso',
          secret: true,
          paragraphs: [
            `Olá, ${user.name}! Seu e-mail foi confirmado.`,
            `Sua senha provisória é: ${password}`,
            'Entre com o seu e-mail e esta senha; no primeiro acesso você vai definir uma nova senha.',
          ],
          action: { label: 'Fazer Login', url: `${config.PUBLIC_URL}/` },
        });
      });
      return { message: MSG.confirmEmailSuccess };
    },

    async confirmed(email: string, token: string) {
      const row = await findToken(db, token, 'confirm_email');
      const user = row ? await findUserByEmail(db, email) : undefined;
      return { confirmed: !!row && !!user && row.userId === user.id && !!user.emailConfirmedAt };
    },

    async signupPlans() {
      const rows = await db.select().from(plans).orderBy(asc(plans.minRent)).limit(LIMITS.planTiersAtSignup);
      return rows.map((p) => ({ id: p.id, name: p.name, minRent: p.minRent, maxRent: p.maxRent }));
    },

    async providerSignup(body: z.output<typeof providerSignupBody>) {
      await guardEmail(body.email);
      const liberal = body.typePerson === 'Profissional Liberal';
      const passwordHash = await hashPassword(randomPassword());
      const userId = await signupTx(async (tx) => {
        const providerId = await insertProvider(tx, {
          companyName: liberal ? body.nameUser : body.companyName!,
          name: body.nameProvider || body.nameUser,
          email: body.email,
          typePerson: body.typePerson,
          cpf: liberal ? body.cpf!.replace(/\D/g, '') : null,
          cnpj: body.cnpj ? body.cnpj.replace(/\D/g, '') : null,
          status: 'review',
          linkedin: liberal ? body.linkdin : null,
          lattes: liberal ? body.lattes : null,
          knowledgeLevel: liberal ? (body.knowledgeLevel ?? []) : [],
          professionalExperience: liberal ? body.professionalExperience : null,
          isServiceProvider: body.typePerson === 'Fornecedor de Servico' || !!body.isServiceProvider,
        });
        const [user] = await insertUsers(tx, [
          {
            name: body.nameUser,
            email: body.email,
            passwordHash,
            type: 'provider',
            status: 'inative',
            providerId,
            mustChangePassword: true,
          },
        ]);
        await record(tx, { userId: user!.id, action: 'signed_up', data: { kind: 'provider', typePerson: body.typePerson } });
        await mailer.send(tx, {
          to: body.email,
          subject: 'Recebemos seu cadastro',
          paragraphs: [
            `Olá, ${body.nameUser}!`,
            `Recebemos o seu cadastro como ${body.typePerson}. Nossa equipe vai analisá-lo em até ${LIMITS.providerReviewHours} horas.`,
            'Assim que for aprovado, você receberá por e-mail os seus dados de acesso.',
          ],
        });
        return user!.id;
      });
      return { code: 201, message: MSG.providerSignupSuccess, userId };
    },

    async institutionSignup(body: z.output<typeof institutionSignupBody>) {
      const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, body.planId));
      if (!plan) throw badRequest(MSG.planNotFound, { planId: MSG.planNotFound });
      await guardEmail(body.email);
      const passwordHash = await hashPassword(randomPassword());
      return signupTx(async (tx) => {
        const sellerId = await insertSeller(tx, {
          name: body.sellerName,
          companyName: body.sellerName,
          cnpj: body.cnpj,
          planId: plan.id,
          status: 'pending',
        });
        const [user] = await insertUsers(tx, [
          { name: body.nameUser, email: body.email, passwordHash, type: 'seller', status: 'inative', sellerId, mustChangePassword: true },
        ]);
        const confirmToken = await issueToken(tx, user!.id, 'confirm_email', LIMITS.confirmTokenMs);
        const logoUploadToken = await issueToken(tx, user!.id, 'signup_logo', 60 * 60 * 1000);
        await record(tx, { userId: user!.id, sellerId, action: 'signed_up', data: { kind: 'institution' } });
        await mailer.send(tx, {
          to: body.email,
          subject: 'Confirme seu e-mail',
          secret: true,
          paragraphs: [
            `Olá, ${body.nameUser}!`,
            `Recebemos o cadastro da instituição ${body.sellerName}. Confirme o seu e-mail pelo link abaixo.`,
            'Depois da confirmação, enviaremos uma senha provisória para o seu primeiro acesso.',
          ],
          action: { label: 'Confirmar e-mail', url: link('/confirm-email', { email: body.email, token: confirmToken }) },
        });
        return { userId: user!.id, sellerId, logoUploadToken };
      });
    },

    async signupLogo(userId: number, token: string | undefined, request: FastifyRequest) {
      if (!token) throw new AppError(403, 'FORBIDDEN', MSG.tokenInvalid);
      const row = await findToken(db, token, 'signup_logo');
      if (!row || row.userId !== userId || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw new AppError(403, 'FORBIDDEN', MSG.tokenInvalid);
      }
      const image = await readImageUpload(request);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user?.sellerId) throw notFound();
      const key = await deps.storage.save('logos', image.data, image.ext);
      try {
        await db.transaction(async (tx) => {
          await consumeToken(tx, token, 'signup_logo', userId);
          await setSellerLogo(tx, user.sellerId!, key);
        });
      } catch (err) {
        await deps.storage.remove(key);
        throw err;
      }
      return { logoUrl: uploadUrl(key) };
    },
  };
}
