/** The calendar of charges: São Paulo dates as YYYY-MM-DD (CHARGES: days are calendar days in São Paulo; today is `spToday` of @edu/shared/format). */

/** The period (the month's first day) of a YYYY-MM-DD date. */
export const periodOf = (isoDate: string): string => `${isoDate.slice(0, 7)}-01`;

/** `isoDate` plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
