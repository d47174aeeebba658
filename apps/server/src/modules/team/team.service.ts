/**
 * Team lists of sellers and providers (spec 1 §6: "seller and assistant use the seller team; provider
 * uses provider users"), the seller-team edit and delete, and the provider's create call. Edits,
 * status changes and creation go through the users service, so the permission rules, the audit
 * entries (edit_user, update_user_status, created_new_user) and the first-password e-mail are the
 * same as on /users/*.
 */
import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@edu/shared/messages';
import type { providerMemberBody, teamMemberBody, teamQuery } from '@edu/shared/team';
import type { Deps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { users } from '../../db/schema';
import { userPage, usersService } from '../users/index';
import { foldedMatch } from '../../platform/search';
import { requireAccess } from '../access/index';

type TeamQuery = z.output<typeof teamQuery>;

export function teamService(deps: Deps) {
  const { db } = deps;
  const usersSvc = usersService(deps);

  /** One page of the users matching `scope`, never the viewer: one statement. */
  async function list(auth: AuthContext, scope: SQL, q: TeamQuery) {
    const conditions: SQL[] = [scope, ne(users.id, auth.user.id)];
    if (q.status) conditions.push(eq(users.status, q.status));
    if (q.type?.length) conditions.push(inArray(users.type, q.type));
    if (q.name) conditions.push(foldedMatch(users.nameFolded, q.name));
    const where = and(...conditions);
    const order = q.order === 'name' ? [asc(users.nameFolded), asc(users.name), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
    return userPage(db, where, order, q);
  }

  /** A member of the viewer's own seller other than the viewer; another seller's user is 404. */
  async function sellerMember(auth: AuthContext, id: number) {
    await requireAccess(db, auth, 'seller.teamMember', id);
    const [target] = await db.select({ id: users.id, sellerId: users.sellerId }).from(users).where(eq(users.id, id));
    if (!target) throw notFound();
    if (target.id === auth.user.id) throw forbidden();
    return target;
  }

  return {
    sellerTeam: (auth: AuthContext, q: TeamQuery) => list(auth, eq(users.sellerId, auth.user.sellerId ?? -1), q),
    providerTeam: (auth: AuthContext, q: TeamQuery) => list(auth, eq(users.providerId, auth.user.providerId ?? -1), q),

    async updateSellerMember(auth: AuthContext, id: number, body: z.output<typeof teamMemberBody>) {
      await sellerMember(auth, id);
      return usersSvc.update(auth, id, body);
    },

    async deleteSellerMember(auth: AuthContext, id: number) {
      await sellerMember(auth, id);
      await usersSvc.setStatus(auth, { ids: [id], status: 'exclused' });
      return { message: MSG.statusEdited };
    },

    createProviderMember(auth: AuthContext, body: z.output<typeof providerMemberBody>) {
      return usersSvc.create(auth, { name: body.nameUser, email: body.email, type: body.type, status: 'active' });
    },
  };
}
