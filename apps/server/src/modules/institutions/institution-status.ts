/**
 * An institution's status (spec 3 §4 "Seller status"): active, pending, suspended. A suspended (or pending)
 * institution's users still sign in; the store, cart and catalogue refuse them (`requireActiveInstitution`,
 * institutions/active-institution.ts) and the shell shows a notice read from the session's `seller.status`.
 * Activating a pending institution whose user never confirmed the e-mail activates that user with a first
 * password, so "Ativo" always means usable. A status set here is set by hand: it clears the automatic suspension reason
 * (non-payment.ts), so a payment never lifts a suspension by hand.
 */
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { INSTITUTION_MSG, type SellerStatus } from '@edu/shared/institutions';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { hashPassword, randomPassword } from '../../platform/security';
import type { AuthContext } from '../../platform/sessions';
import { record } from '../../platform/audit';
import { domainEvents } from '../../platform/domain-events';
import { activateWithPassword } from '../users/index';
import { sellers } from './institutions.tables';
import { ownersOf, type OwnerRecord } from './institution-queries';

export function institutionStatus(deps: Deps) {
  const { db, mailer, config } = deps;
  const events = domainEvents(deps);
  const loginUrl = () => `${config.PUBLIC_URL}/`;

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
      // A status set by hand has no automatic reason: one suspended for non-payment and suspended again by hand stays
      // suspended, now by hand (a payment no longer lifts it); no notice, nothing else changed.
      const madeManual = await tx
        .update(sellers)
        .set({ suspensionReason: null, updatedAt: new Date() })
        .where(and(inArray(sellers.id, wanted), eq(sellers.status, status), isNotNull(sellers.suspensionReason)))
        .returning({ id: sellers.id });
      const rows = await tx
        .update(sellers)
        .set({ status, suspensionReason: null, updatedAt: new Date() })
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
        data: { ids: wanted, status, changed: rows.map((r) => r.id), ...(madeManual.length ? { reasonCleared: madeManual.map((r) => r.id) } : {}) },
      });
      return rows.length;
    });
    return { updated: changed, message: INSTITUTION_MSG.statusChanged };
  }

  return {
    setStatus: (auth: AuthContext, id: number, status: SellerStatus) => setStatus(auth, [id], status),
    setStatuses: (auth: AuthContext, ids: number[], status: SellerStatus) => setStatus(auth, ids, status),
  };
}
