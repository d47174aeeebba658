/** What the institution reads beside an overdue charge. Charges' dates are São Paulo calendar days: `formatDay`. */
import { daysLate } from '@edu/shared/charge-machine';
import { formatDay, spToday } from '@edu/shared/format';

/** The late-payment rule the terms promise, as the institution reads it beside an overdue charge. */
export function overdueText(dueOn: string, limit: number, today: string = spToday()): string {
  const late = Math.max(0, daysLate({ dueDate: dueOn, today }));
  const lateness = late === 1 ? '1 dia de atraso' : `${late} dias de atraso`;
  return (
    `Esta cobrança venceu em ${formatDay(dueOn)} (${lateness}). Com mais de ${limit} dias de atraso, o acesso da ` +
    'instituição à plataforma é suspenso até o pagamento.'
  );
}
