/**
 * The bell notices of an institution's status (modules/institutions/events.ts), run in the change's transaction:
 * every active user of the institution is told that its access was lost or restored, or that it is pending again.
 */
import type { DomainEvents } from '../../platform/domain-events';
import type { Tx } from '../../platform/db';
import { escapeHtml } from '../../platform/html';
import { notifyUsers } from './notify';
import { sellerTeam } from './recipients';

async function tellTeam(tx: Tx, sellerId: number, html: string) {
  const members = await sellerTeam(tx, sellerId);
  await notifyUsers(tx, members.map((m) => m.id), html);
}

export function subscribeInstitutionNotices(events: DomainEvents): void {
  events.within('institution.reactivated', (tx, e) =>
    tellTeam(
      tx,
      e.sellerId,
      `<p>O acesso da instituição <strong>${escapeHtml(e.sellerName)}</strong> foi reativado: a loja, o carrinho e o catálogo estão disponíveis novamente.</p>`,
    ),
  );
  events.within('institution.suspended', (tx, e) =>
    tellTeam(
      tx,
      e.sellerId,
      `<p>O acesso da instituição <strong>${escapeHtml(e.sellerName)}</strong> foi suspenso: a loja, o carrinho e o catálogo ficam indisponíveis até a reativação. Fale com a equipe Saber Compartilhado.</p>`,
    ),
  );
  events.within('institution.returned_to_pending', (tx, e) =>
    tellTeam(tx, e.sellerId, `<p>O cadastro da instituição <strong>${escapeHtml(e.sellerName)}</strong> voltou a ficar pendente de ativação.</p>`),
  );
}
