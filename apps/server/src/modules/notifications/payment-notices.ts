/**
 * The bell and e-mail notices of the institution's payment request (modules/store/events.ts, payment.requested), run
 * in the request's transaction: the platform team, each rented provider's account holders and each partner's.
 */
import { eq } from 'drizzle-orm';
import { formatCents } from '@edu/shared/format';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { DomainEvents } from '../../platform/domain-events';
import { escapeHtml } from '../../platform/html';
import { sellers } from '../../db/schema';
import type { PaymentRequestedEvent } from '../store/index';
import { notifyUsers } from './notify';
import { platformTeam, providerHolders, type Recipient } from './recipients';

export function subscribePaymentNotices(events: DomainEvents, { mailer, config }: Pick<Deps, 'mailer' | 'config'>): void {
  async function notifyAndMail(tx: Tx, people: Recipient[], bell: string, subject: string, paragraphs: string[]) {
    await notifyUsers(tx, people.map((p) => p.id), bell);
    const link = { label: 'Abrir a plataforma', url: config.PUBLIC_URL };
    for (const email of new Set(people.map((p) => p.email))) await mailer.send(tx, { to: email, subject, paragraphs, action: link });
  }

  async function tellPaymentRequested(tx: Tx, e: PaymentRequestedEvent) {
    const [seller] = await tx.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, e.sellerId));
    const who = seller?.name ?? 'Uma instituição';
    const lines = [
      ...e.rents.map((r) => `${r.companyName} — ${formatCents(r.priceCents)}/mês (plano ${e.planName ?? ''})`),
      ...e.services.map((r) => `${r.companyName} — serviço "${r.title}"`),
    ];
    await notifyAndMail(
      tx,
      await platformTeam(tx),
      `<p>${escapeHtml(who)} solicitou pagamento (${escapeHtml(e.paymentMethod)}): ${lines.map(escapeHtml).join('; ')}.</p>`,
      `Solicitação de pagamento de ${who}`,
      [`${who} solicitou pagamento por ${e.paymentMethod}.`, ...lines, `Total mensal: ${formatCents(e.totalCents)}.`, 'Aceite a solicitação em até 24 horas no controle de aluguéis da instituição: ao aceitar, a primeira cobrança, com o código Pix, é enviada à instituição.'],
    );
    for (const r of e.rents) {
      const people = await providerHolders(tx, r.providerId);
      await notifyAndMail(tx, people, `<p>${escapeHtml(who)} solicitou o aluguel do seu catálogo.</p>`, `Nova solicitação de aluguel de ${who}`, [
        `${who} solicitou o aluguel do catálogo de ${r.companyName} (${formatCents(r.priceCents)}/mês).`,
        'O aluguel fica ativo quando a instituição paga a primeira cobrança.',
      ]);
    }
    const partners = new Map<number, string[]>();
    for (const r of e.services) partners.set(r.providerId, [...(partners.get(r.providerId) ?? []), r.title]);
    for (const [partnerId, titles] of partners) {
      const people = await providerHolders(tx, partnerId);
      await notifyAndMail(tx, people, `<p>${escapeHtml(who)} solicitou os serviços: ${titles.map(escapeHtml).join(', ')}.</p>`, `Nova solicitação de serviço de ${who}`, [
        `${who} solicitou os serviços: ${titles.join(', ')}.`,
        'Envie à instituição as instruções de preço e pagamento por e-mail.',
      ]);
    }
  }

  events.within('payment.requested', tellPaymentRequested);
}
