/**
 * Approval and rejection of providers (with the access e-mail or the notice to their users) and the Premium
 * condition.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@edu/shared/messages';
import type { ProviderCondition, providerStatusBody } from '@edu/shared/providers';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { hashPassword, randomPassword } from '../../platform/security';
import { revokeUserSessions, type AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { users } from '../../db/schema';
import { providers } from './providers.tables';
import { activateWithPassword, deactivateUser } from '../users/index';

export function providerApprovalService(deps: Deps) {
  const { db, mailer, config } = deps;

  return {
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
            await activateWithPassword(tx, user.id, passwordHash);
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
              await deactivateUser(tx, user.id);
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
  };
}
