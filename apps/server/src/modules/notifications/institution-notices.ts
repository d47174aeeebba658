/**
 * The bell notices of an institution's status (modules/institutions/events.ts), run in the change's transaction:
 * every active user of the institution is told that its access was lost or restored, or that it is pending again.
 * A suspension for non-payment (the late-payment rule) says so, points to 'Financeiro', is also e-mailed to the
 * account holders and tells the platform team; its lifting after the payment is e-mailed to them too.
 */
import type { Deps } from '../../platform/deps';
import type { DomainEvents } from '../../platform/domain-events';
import type { Tx } from '../../platform/db';
import { escapeHtml } from '../../platform/html';
import { notifyUsers } from './notify';
import { platformTeam, sellerHolders, sellerTeam } from './recipients';

async function tellTeam(tx: Tx, sellerId: number, html: string) {
  const members = await sellerTeam(tx, sellerId);
  await notifyUsers(tx, members.map((m) => m.id), html);
}

export function subscribeInstitutionNotices(events: DomainEvents, { mailer, config }: Pick<Deps, 'mailer' | 'config'>): void {
  const action = { label: 'Ver Financeiro', url: `${config.PUBLIC_URL}/dashboard/financeiro` };
  /** The account holders (they manage the money) are e-mailed too: a suspension for non-payment is about money. */
  async function mailHolders(tx: Tx, sellerId: number, subject: string, paragraphs: string[]) {
    for (const h of await sellerHolders(tx, sellerId)) await mailer.send(tx, { to: h.email, subject, paragraphs: [`Olá, ${h.name}!`, ...paragraphs], action });
  }

  events.within('institution.suspended', async (tx, e) => {
    if (e.reason !== 'non_payment') return;
    const name = escapeHtml(e.sellerName);
    await tellTeam(
      tx,
      e.sellerId,
      `<p>O acesso da instituição <strong>${name}</strong> foi suspenso por <strong>inadimplência</strong>: a loja, o carrinho e o catálogo ficam indisponíveis até que as cobranças vencidas sejam pagas. Veja os códigos Pix em Financeiro.</p>`,
    );
    const team = await platformTeam(tx);
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      `<p>A instituição <strong>${name}</strong> foi suspensa automaticamente por <strong>inadimplência</strong> (cobrança vencida além do prazo).</p>`,
    );
    await mailHolders(tx, e.sellerId, `Acesso suspenso por inadimplência: ${e.sellerName}`, [
      `O acesso da instituição ${e.sellerName} à loja, ao carrinho e ao catálogo foi suspenso por inadimplência: há cobrança vencida além do prazo de tolerância.`,
      'Pague as cobranças vencidas pelo Pix em Financeiro: o acesso volta automaticamente assim que o pagamento for confirmado.',
    ]);
  });
  events.within('institution.reactivated', async (tx, e) => {
    if (e.reason !== 'non_payment') return;
    await mailHolders(tx, e.sellerId, `Acesso reativado: ${e.sellerName}`, [
      `As cobranças em atraso da instituição ${e.sellerName} foram regularizadas: o acesso à loja, ao carrinho e ao catálogo foi reativado.`,
    ]);
  });
  events.within('institution.reactivated', (tx, e) =>
    tellTeam(
      tx,
      e.sellerId,
      `<p>O acesso da instituição <strong>${escapeHtml(e.sellerName)}</strong> foi reativado: a loja, o carrinho e o catálogo estão disponíveis novamente.</p>`,
    ),
  );
  events.within('institution.suspended', async (tx, e) => {
    if (e.reason === 'non_payment') return;
    await tellTeam(
      tx,
      e.sellerId,
      `<p>O acesso da instituição <strong>${escapeHtml(e.sellerName)}</strong> foi suspenso: a loja, o carrinho e o catálogo ficam indisponíveis até a reativação. Fale com a equipe Saber Compartilhado.</p>`,
    );
  });
  events.within('institution.returned_to_pending', (tx, e) =>
    tellTeam(tx, e.sellerId, `<p>O cadastro da instituição <strong>${escapeHtml(e.sellerName)}</strong> voltou a ficar pendente de ativação.</p>`),
  );
}
