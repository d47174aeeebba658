/**
 * A charge's days as its readers see them (the institution's Financeiro and its dashboard tile): its dates are São Paulo calendar days (`YYYY-MM-DD`), never instants, so
 * they are written from their digits (`formatDate` reads an instant and would show the day before in São Paulo).
 */
import { CHARGES } from '@edu/shared/charge-machine';
import { spToday } from '@edu/shared/format';

const dayParts = (day: string): [number, number, number] => day.slice(0, 10).split('-').map(Number) as [number, number, number];

/** '2026-11-05' → '05/11/2026'. */
export function formatDay(day: string): string {
  const [y, m, d] = dayParts(day);
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

const monthYear = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The month a charge covers, from its first day: '2026-11-01' → 'novembro de 2026'. */
export function formatPeriod(period: string): string {
  const [y, m] = dayParts(period);
  return monthYear.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Whole days from the due date to `today` (São Paulo); 0 on the due date, negative before it. */
export function daysLate(dueOn: string, today: string = spToday()): number {
  const n = (day: string) => {
    const [y, m, d] = dayParts(day);
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return n(today) - n(dueOn);
}

/** The late-payment rule the terms promise, as the institution reads it beside an overdue charge. */
export function overdueText(dueOn: string, today: string = spToday()): string {
  const late = Math.max(0, daysLate(dueOn, today));
  const limit = CHARGES.suspendAfterDaysLate;
  const lateness = late === 1 ? '1 dia de atraso' : `${late} dias de atraso`;
  return (
    `Esta cobrança venceu em ${formatDay(dueOn)} (${lateness}). Com mais de ${limit} dias de atraso, o acesso da ` +
    'instituição à plataforma é suspenso até o pagamento.'
  );
}
