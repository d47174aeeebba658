/** Report dates as the São Paulo calendar sees them. */
import { spToday } from '@edu/shared/format';

/** The logs report's default range (spec 3 §9): the first day of the current month through today. */
export const defaultRange = () => {
  const today = spToday();
  return { start_date: `${today.slice(0, 8)}01`, end_date: today };
};

