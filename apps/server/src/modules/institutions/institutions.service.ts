/**
 * Institutions as the platform team manages them (spec 3 §2.9, §2.10, §4 "Seller status"): the list with counts,
 * creating an institution with its seller user (a random first password e-mailed, replaced at the first sign-in,
 * as the providers' approval does), editing it, its logo, and its status. Admin and director only (route roles).
 *
 * Status: active, pending, suspended. A suspended (or pending) institution's users still sign in; the store,
 * cart and catalogue refuse them (modules/store `requireActiveInstitution`) and the shell shows a notice read
 * from the session's `seller.status`. Activating a pending institution whose user never confirmed the e-mail
 * activates that user with a first password, so "Ativo" always means usable.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  INSTITUTION_MSG,
  normalizeGrants,
  type InstitutionRow,
  type SellerStatus,
  type institutionCreateBody,
  type institutionUpdateBody,
  type institutionsQuery,
} from '@edu/shared/institutions';
import { MSG } from '@edu/shared/messages';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { hashPassword, randomPassword } from '../../platform/security';
import type { AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { domainEvents } from '../../platform/domain-events';
import { isUniqueViolation } from '../../platform/pg-errors';
import { readImageUpload } from '../../platform/uploads';
import { folded, searchMatch } from '../../platform/search';
import { cappedCount } from '../../platform/lists';
import { plans, users } from '../../db/schema';
import { activateWithPassword, emailTaken, insertUsers, renameUser } from '../users/index';
import { sellers } from './institutions.tables';
import { uploadUrl } from '../../platform/storage';

type SellerRecord = typeof sellers.$inferSelect;
type OwnerRecord = { id: number; name: string; email: string; avatarKey: string | null; status: string; emailConfirmedAt: Date | null; sellerId: number | null };

const emailTakenError = () => new AppError(409, 'EMAIL_IN_USE', INSTITUTION_MSG.emailTaken, { email: INSTITUTION_MSG.emailTaken });

/** The institution's own users (type seller), oldest first, per institution: the first is the one the modal edits. */
async function ownersOf(db: Executor, sellerIds: number[]): Promise<Map<number, OwnerRecord>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarKey: users.avatarKey,
      status: users.status,
      emailConfirmedAt: users.emailConfirmedAt,
      sellerId: users.sellerId,
    })
    .from(users)
    .where(and(inArray(users.sellerId, sellerIds), eq(users.type, 'seller'), ne(users.status, 'exclused')))
    .orderBy(asc(users.id));
  const map = new Map<number, OwnerRecord>();
  for (const row of rows) if (!map.has(row.sellerId!)) map.set(row.sellerId!, row);
  return map;
}

function toRow(s: SellerRecord, planName: string | null, owner: OwnerRecord | undefined): InstitutionRow {
  return {
    id: s.id,
    name: s.name,
    companyName: s.companyName,
    cnpj: s.cnpj,
    status: s.status as SellerStatus,
    logoUrl: uploadUrl(s.logoKey),
    planId: s.planId,
    planName,
    createdAt: s.createdAt.toISOString(),
    user: owner ? { id: owner.id, name: owner.name, email: owner.email, avatar: uploadUrl(owner.avatarKey) } : null,
    grants: normalizeGrants(s.grants),
  };
}

export function institutionsService(deps: Deps) {
  const { db, mailer, storage, config } = deps;
  const events = domainEvents(deps);
  const loginUrl = () => `${config.PUBLIC_URL}/`;

  async function loadRow(ex: Executor, id: number): Promise<InstitutionRow> {
    const [found] = await ex
      .select({ seller: sellers, planName: plans.name })
      .from(sellers)
      .leftJoin(plans, eq(plans.id, sellers.planId))
      .where(eq(sellers.id, id));
    if (!found) throw notFound();
    const owners = await ownersOf(ex, [id]);
    return toRow(found.seller, found.planName, owners.get(id));
  }

  async function requirePlan(ex: Executor, planId: number) {
    const [plan] = await ex.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
    if (!plan) throw badRequest(MSG.planNotFound, { planId: MSG.planNotFound });
  }

  /**
   * Move institutions to `status` in one transaction with the audit entry. Rows already there are left as they
   * are. The institution's users get a bell entry when access is lost or restored; activating a pending
   * institution whose user never confirmed the e-mail activates that user and e-mails a first password.
   */
  async function setStatus(auth: AuthContext, ids: number[], status: SellerStatus) {
    const wanted = [...new Set(ids)];
    const found = await db.select({ id: sellers.id }).from(sellers).where(inArray(sellers.id, wanted));
    if (found.length !== wanted.length) throw notFound();
    // Hash before the transaction (argon2 is slow on purpose): only the unconfirmed owners of pending institutions.
    const owners = status === 'active' ? await ownersOf(db, wanted) : new Map<number, OwnerRecord>();
    const credentials = new Map<number, { password: string; passwordHash: string }>();
    for (const [sellerId, owner] of owners) {
      if (owner.status === 'inative' && !owner.emailConfirmedAt) {
        const password = randomPassword();
        credentials.set(sellerId, { password, passwordHash: await hashPassword(password) });
      }
    }
    const changed = await db.transaction(async (tx) => {
      const rows = await tx
        .update(sellers)
        .set({ status, updatedAt: new Date() })
        .where(and(inArray(sellers.id, wanted), ne(sellers.status, status)))
        .returning({ id: sellers.id, name: sellers.name });
      for (const row of rows) {
        const owner = owners.get(row.id);
        const cred = credentials.get(row.id);
        if (owner && cred) {
          await activateWithPassword(tx, owner.id, cred.passwordHash, { confirmEmail: true, onlyInactive: true });
          await mailer.send(tx, {
            to: owner.email,
            subject: 'Instituição ativada: seus dados de acesso',
            secret: true,
            paragraphs: [
              `Olá, ${owner.name}! A instituição ${row.name} foi ativada na plataforma Saber Compartilhado.`,
              `Seu e-mail de acesso é ${owner.email} e sua senha provisória é: ${cred.password}`,
              'No primeiro acesso você vai definir uma nova senha.',
            ],
            action: { label: 'Fazer Login', url: loginUrl() },
          });
        }
        // The institution's users are told (modules/notifications).
        const facts = { sellerId: row.id, sellerName: row.name, actorId: auth.user.id };
        if (status === 'active') await events.emit(tx, { name: 'institution.reactivated', ...facts });
        else if (status === 'suspended') await events.emit(tx, { name: 'institution.suspended', ...facts });
        else await events.emit(tx, { name: 'institution.returned_to_pending', ...facts });
      }
      await record(tx, {
        userId: auth.user.id,
        sellerId: auth.user.sellerId,
        action: 'updated_seller_status',
        data: { ids: wanted, status, changed: rows.map((r) => r.id) },
      });
      return rows.length;
    });
    return { updated: changed, message: INSTITUTION_MSG.statusChanged };
  }

  return {
    async list(q: z.output<typeof institutionsQuery>) {
      const search: SQL | undefined = q.companyName
        ? sql`(${searchMatch(sellers.name, q.companyName)} or ${searchMatch(sellers.companyName, q.companyName)})`
        : undefined;
      const where = and(search, q.status ? eq(sellers.status, q.status) : undefined);
      const order =
        q.order === 'name'
          ? [asc(folded(sellers.name)), asc(sellers.name), asc(sellers.id)]
          : [desc(sellers.createdAt), desc(sellers.id)];
      const [rows, total, [counts]] = await Promise.all([
        db
          .select({ seller: sellers, planName: plans.name })
          .from(sellers)
          .leftJoin(plans, eq(plans.id, sellers.planId))
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        cappedCount(db, db.select({ one: sql`1` }).from(sellers).where(where).$dynamic()),
        db
          .select({
            all: count(),
            active: sql<string>`count(*) filter (where ${sellers.status} = 'active')`,
            pending: sql<string>`count(*) filter (where ${sellers.status} = 'pending')`,
            suspended: sql<string>`count(*) filter (where ${sellers.status} = 'suspended')`,
          })
          .from(sellers)
          .where(search),
      ]);
      const owners = await ownersOf(db, rows.map((r) => r.seller.id));
      return {
        data: rows.map((r) => toRow(r.seller, r.planName, owners.get(r.seller.id))),
        total,
        page: q.page,
        limit: q.limit,
        counts: {
          all: Number(counts?.all ?? 0),
          active: Number(counts?.active ?? 0),
          pending: Number(counts?.pending ?? 0),
          suspended: Number(counts?.suspended ?? 0),
        },
      };
    },

    one: (id: number) => loadRow(db, id),

    async planOptions() {
      const rows = await db.select().from(plans).orderBy(asc(plans.minRent), asc(plans.id));
      return { data: rows.map((p) => ({ id: p.id, name: p.name, minRent: p.minRent, maxRent: p.maxRent })) };
    },

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
            { name: body.nameUser, email: body.email, passwordHash, type: 'seller', status: 'active', sellerId: seller!.id, mustChangePassword: true },
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
          await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'updated_institution', data: { sellerId: id, logo: 'set' } });
          return current.logoKey;
        });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      await storage.remove(previous);
      return { url: uploadUrl(key) };
    },

    setStatus: (auth: AuthContext, id: number, status: SellerStatus) => setStatus(auth, [id], status),
    setStatuses: (auth: AuthContext, ids: number[], status: SellerStatus) => setStatus(auth, ids, status),
  };
}
