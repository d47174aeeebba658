/**
 * requireActiveInstitution's guard read INSIDE a list's own statement: `institutionHead` is a one-row select of the
 * institution (`status`, `ok`: it is ACTIVE) that the list joins its rows to (a left join: the row comes back with an
 * empty list too) and reads them only when `ok`; `judgeInstitution` answers, from that row, what
 * requireActiveInstitution would have (403; suspended: RENT_MSG.suspended). One statement instead of two.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RENT_MSG } from '@edu/shared/rent-machine';
import { INSTITUTION_ACTIVE_STATUS, isInstitutionActive } from '@edu/shared/institutions';
import { forbidden } from '../../platform/errors';

/** Institution `sellerId` as a one-row select: `status`, `ok` (ACTIVE), `plan_id`. No row: no such institution. */
export const institutionHead = (sellerId: number): SQL =>
  sql`select s.status, s.status = ${sql.raw(`'${INSTITUTION_ACTIVE_STATUS}'`)} as ok, s.plan_id from sellers s where s.id = ${sellerId}`;

/** requireActiveInstitution's answer for the row read with `institutionHead` (undefined: no such institution). */
export function judgeInstitution(head: { status?: unknown } | undefined): void {
  if (!head) throw forbidden();
  if (head.status === 'suspended') throw forbidden(RENT_MSG.suspended);
  if (!isInstitutionActive(head.status as string)) throw forbidden();
}
