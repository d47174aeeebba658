/**
 * The bell and e-mail notices of an institution's charges (modules/charges/events.ts), run in the change's
 * transaction, to the institution's account holders (type seller: they manage its money):
 *
 * - charge.issued: the new charge (amount, month, due date, its rents) with the Pix copia e cola;
 * - charge.late_notice: on the due date and the late-payment notice days after it, the same with the day the access is
 *   suspended if it stays unpaid;
 * - charge.paid: the receipt (the day paid, the reference, the amount, the month).
 *
 * Each e-mail links to the institution's 'Financeiro'. The Pix code of a demonstration says it must not be paid.
 */
import { CHARGES_MSG } from '@edu/shared/charges';
import { formatCents, formatDay, formatMonthYear } from '@edu/shared/format';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { DomainEvents } from '../../platform/domain-events';
import { escapeHtml } from '../../platform/html';
import type { ChargeIssuedEvent, ChargeLateNoticeEvent, ChargePaidEvent, ChargeRentFacts } from '../charges/index';
import { notifyUsers } from './notify';
import { sellerHolders } from './recipients';

const rentLines = (rents: ChargeRentFacts[]) => rents.map((r) => `• ${r.companyName} (plano ${r.planName}): ${formatCents(r.amountCents)}`);

/** The Pix paragraphs of an unpaid charge: the code (and the demonstration's warning), or that Pix is not configured. */
function pixParagraphs(e: Pick<ChargeIssuedEvent, 'pixCopiaECola' | 'pixDemo'>): string[] {
  if (!e.pixCopiaECola) return [CHARGES_MSG.pixNotConfigured];
  return [
    'Pague com o Pix copia e cola (copie o código abaixo e cole no aplicativo do seu banco):',
    e.pixCopiaECola,
    ...(e.pixDemo ? [CHARGES_MSG.pixDemo] : []),
  ];
}

export function subscribeChargeNotices(events: DomainEvents, { mailer, config }: Pick<Deps, 'mailer' | 'config'>): void {
  const action = { label: 'Ver Financeiro', url: `${config.PUBLIC_URL}/dashboard/financeiro` };

  async function tell(tx: Tx, sellerId: number, bell: string, subject: string, paragraphs: string[]) {
    const holders = await sellerHolders(tx, sellerId);
    await notifyUsers(
      tx,
      holders.map((h) => h.id),
      bell,
    );
    for (const h of holders) await mailer.send(tx, { to: h.email, subject, paragraphs: [`Olá, ${h.name}!`, ...paragraphs], action });
  }

  events.within('charge.issued', (tx, e) =>
    tell(
      tx,
      e.sellerId,
      `<p><strong>Nova cobrança:</strong> ${escapeHtml(formatCents(e.amountCents))} referente a ${escapeHtml(formatMonthYear(e.period))}, com vencimento em ${formatDay(e.dueOn)}. Veja o código Pix em Financeiro.</p>`,
      `Nova cobrança de ${formatCents(e.amountCents)} — vencimento em ${formatDay(e.dueOn)}`,
      [
        `Uma nova cobrança foi emitida para a sua instituição, referente a ${formatMonthYear(e.period)}.`,
        `Valor: ${formatCents(e.amountCents)}. Vencimento: ${formatDay(e.dueOn)}. Código da cobrança: ${e.code}.`,
        'Aluguéis cobrados:',
        ...rentLines(e.rents),
        ...pixParagraphs(e),
      ],
    ),
  );

  events.within('charge.late_notice', (tx, e: ChargeLateNoticeEvent) => {
    const today = e.daysLate === 0;
    const when = today ? 'vence hoje' : `está vencida há ${e.daysLate} ${e.daysLate === 1 ? 'dia' : 'dias'}`;
    const warning = `Se ela não for paga, o acesso da instituição à loja, ao carrinho e ao catálogo será suspenso por inadimplência a partir de ${formatDay(e.suspendsOn)}.`;
    return tell(
      tx,
      e.sellerId,
      `<p><strong>${today ? 'Cobrança vence hoje' : 'Cobrança em atraso'}:</strong> a cobrança de ${escapeHtml(formatCents(e.amountCents))} referente a ${escapeHtml(formatMonthYear(e.period))} ${escapeHtml(when)}. Pague pelo Pix em Financeiro.</p>`,
      today ? `Sua cobrança de ${formatCents(e.amountCents)} vence hoje` : `Cobrança em atraso: ${formatCents(e.amountCents)} vencida em ${formatDay(e.dueOn)}`,
      [
        `A cobrança de ${formatCents(e.amountCents)} referente a ${formatMonthYear(e.period)} (vencimento em ${formatDay(e.dueOn)}, código ${e.code}) ${when}.`,
        warning,
        'Aluguéis cobrados:',
        ...rentLines(e.rents),
        ...pixParagraphs(e),
        'Se você já pagou, desconsidere este aviso: a confirmação do pagamento pode levar algum tempo.',
      ],
    );
  });

  events.within('charge.paid', (tx, e: ChargePaidEvent) =>
    tell(
      tx,
      e.sellerId,
      `<p><strong>Pagamento confirmado:</strong> a cobrança de ${escapeHtml(formatCents(e.amountCents))} referente a ${escapeHtml(formatMonthYear(e.period))} foi paga em ${formatDay(e.paidOn)}. Obrigado!</p>`,
      `Recibo: pagamento de ${formatCents(e.amountCents)} confirmado`,
      [
        'Recebemos o pagamento da cobrança da sua instituição. Obrigado!',
        `Valor: ${formatCents(e.amountCents)}.`,
        `Referente a: ${formatMonthYear(e.period)}.`,
        `Data do pagamento: ${formatDay(e.paidOn)}.`,
        `Referência do pagamento: ${e.reference}.`,
        `Código da cobrança: ${e.code}.`,
        'Aluguéis pagos:',
        ...rentLines(e.rents),
        'O recibo também fica disponível em Financeiro.',
      ],
    ),
  );
}
