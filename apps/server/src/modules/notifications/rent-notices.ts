/**
 * The bell and e-mail notices of the rents' domain events (modules/rents/events.ts), run in the move's transaction:
 *
 * - rent.activated: the institution's users (bell): the provider's catalogue is theirs now.
 * - rent.canceled by the institution (unpaid) and rent.cancellation_requested (active): the provider's account
 *   holders and the platform team, by bell and e-mail.
 * - rent.canceled by the platform team: the institution (bell) and the provider's account holders (bell and e-mail).
 * - rent.plan_changed: the institution's users (bell).
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { DomainEvents } from '../../platform/domain-events';
import { escapeHtml } from '../../platform/html';
import { plans, providers, sellers } from '../../db/schema';
import { notifyUsers } from './notify';
import { platformTeam, providerHolders, sellerTeam } from './recipients';

interface RentParties {
  sellerId: number;
  sellerName: string;
  providerId: number;
  companyName: string;
}

async function partiesOf(tx: Tx, rent: { sellerId: number; providerId: number }): Promise<RentParties> {
  const [row] = await tx
    .select({ sellerName: sellers.name, companyName: providers.companyName })
    .from(sellers)
    .innerJoin(providers, eq(providers.id, rent.providerId))
    .where(eq(sellers.id, rent.sellerId));
  return { sellerId: rent.sellerId, providerId: rent.providerId, sellerName: row!.sellerName, companyName: row!.companyName };
}

export function subscribeRentNotices(events: DomainEvents, { mailer, config }: Pick<Deps, 'mailer' | 'config'>): void {
  const url = (path: string) => `${config.PUBLIC_URL}${path}`;

  /** The institution's users: the provider's catalogue is theirs now. */
  async function tellActivated(tx: Tx, p: RentParties) {
    const team = await sellerTeam(tx, p.sellerId);
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      `<p><strong>Aluguel ativado:</strong> o catálogo de <strong>${escapeHtml(p.companyName)}</strong> já está disponível para ${escapeHtml(p.sellerName)}.</p>`,
    );
  }

  /** The institution cancelled (unpaid) or asked to cancel (active): the provider and the platform team, by bell and e-mail. */
  async function tellSellerCancel(tx: Tx, p: RentParties, requested: boolean) {
    const seller = escapeHtml(p.sellerName);
    const company = escapeHtml(p.companyName);
    const owners = await providerHolders(tx, p.providerId);
    const team = await platformTeam(tx);
    const providerText = requested
      ? `A instituição ${p.sellerName} solicitou o cancelamento do aluguel do catálogo de ${p.companyName}. A nossa equipe vai concluir o cancelamento.`
      : `A instituição ${p.sellerName} cancelou o pedido de aluguel do catálogo de ${p.companyName}, que ainda não estava pago.`;
    const teamText = requested
      ? `A instituição ${p.sellerName} solicitou o cancelamento do aluguel de ${p.companyName}. Cancele a assinatura no controle de aluguéis da instituição.`
      : `A instituição ${p.sellerName} cancelou o pedido de aluguel de ${p.companyName} (ainda não pago).`;
    const subject = requested ? 'Solicitação de cancelamento de aluguel' : 'Pedido de aluguel cancelado';
    await notifyUsers(
      tx,
      owners.map((u) => u.id),
      requested
        ? `<p>A instituição <strong>${seller}</strong> solicitou o cancelamento do aluguel do seu catálogo (${company}).</p>`
        : `<p>A instituição <strong>${seller}</strong> cancelou o pedido de aluguel do seu catálogo (${company}).</p>`,
    );
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      requested
        ? `<p>A instituição <strong>${seller}</strong> solicitou o cancelamento do aluguel de <strong>${company}</strong>.</p>`
        : `<p>A instituição <strong>${seller}</strong> cancelou o pedido de aluguel de <strong>${company}</strong>.</p>`,
    );
    for (const u of owners) {
      await mailer.send(tx, { to: u.email, subject, paragraphs: [`Olá, ${u.name}!`, providerText] });
    }
    for (const u of team) {
      await mailer.send(tx, {
        to: u.email,
        subject,
        paragraphs: [`Olá, ${u.name}!`, teamText],
        action: { label: 'Ver aluguéis da instituição', url: url(`/seller/rents-control/${p.sellerId}`) },
      });
    }
  }

  /** The platform team canceled the subscription: the institution (bell) and the provider's account holders (bell and e-mail). */
  async function tellAdminCancel(tx: Tx, p: RentParties) {
    const team = await sellerTeam(tx, p.sellerId);
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      `<p>O aluguel do catálogo de <strong>${escapeHtml(p.companyName)}</strong> foi cancelado.</p>`,
    );
    const owners = await providerHolders(tx, p.providerId);
    await notifyUsers(
      tx,
      owners.map((u) => u.id),
      `<p>O aluguel do seu catálogo (${escapeHtml(p.companyName)}) pela instituição <strong>${escapeHtml(p.sellerName)}</strong> foi cancelado pela equipe da plataforma.</p>`,
    );
    for (const u of owners) {
      await mailer.send(tx, {
        to: u.email,
        subject: 'Aluguel cancelado',
        paragraphs: [`Olá, ${u.name}!`, `A equipe da plataforma cancelou o aluguel do catálogo de ${p.companyName} pela instituição ${p.sellerName}.`],
      });
    }
  }

  /** The institution's users: the rent is on another plan now. */
  async function tellPlanChanged(tx: Tx, p: RentParties, planId: number) {
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, planId));
    const team = await sellerTeam(tx, p.sellerId);
    await notifyUsers(
      tx,
      team.map((u) => u.id),
      `<p>O aluguel do catálogo de <strong>${escapeHtml(p.companyName)}</strong> passou para o plano <strong>${escapeHtml(plan!.name)}</strong>.</p>`,
    );
  }

  events.within('rent.activated', async (tx, e) => tellActivated(tx, await partiesOf(tx, e)));
  events.within('rent.canceled', async (tx, e) => {
    const parties = await partiesOf(tx, e);
    if (e.cause === 'cancel') await tellAdminCancel(tx, parties);
    else await tellSellerCancel(tx, parties, false);
  });
  events.within('rent.cancellation_requested', async (tx, e) => tellSellerCancel(tx, await partiesOf(tx, e), true));
  events.within('rent.plan_changed', async (tx, e) => tellPlanChanged(tx, await partiesOf(tx, e), e.planId));
}
