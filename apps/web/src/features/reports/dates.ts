/** Report dates as the São Paulo calendar sees them. */
const TZ = 'America/Sao_Paulo';

/** Today as YYYY-MM-DD in São Paulo. */
export const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
/** The logs report's default range (spec 3 §9): the first day of the current month through today. */
export const defaultRange = () => {
  const today = todayIso();
  return { start_date: `${today.slice(0, 8)}01`, end_date: today };
};

