/** Dates of the notifications screens: dd/mm/yyyy HH:mm, or relative ("há 5 minutos") when recent. */
import { formatDateTime, formatterOnce } from '@edu/shared/format';

const relative = formatterOnce(() => new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }));

export function formatWhen(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'agora mesmo';
  if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return relative().format(Math.round(seconds / 3600), 'hour');
  return formatDateTime(iso);
}
