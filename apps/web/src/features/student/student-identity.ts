/**
 * Who the student is when the link names nobody (docs/decisions.md "Issue 13 — the student viewer"): the identifier
 * typed once ('Matrícula ou e-mail'), kept in this browser per institution, or the `student` query parameter an LMS
 * appends to the link (which also replaces the kept one).
 */
import { normalizeStudentId, studentIdSchema } from '@edu/shared/student';

const keyOf = (sellerId: number) => `edu.student.${sellerId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (private mode, blocked cookies): the student types it again on the next visit.
    return null;
  }
}

/** A valid identifier, normalized, or null. */
export function validStudentId(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const parsed = studentIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function keptStudentId(sellerId: number): string | null {
  return validStudentId(storage()?.getItem(keyOf(sellerId)));
}

export function keepStudentId(sellerId: number, id: string): void {
  try {
    storage()?.setItem(keyOf(sellerId), normalizeStudentId(id));
  } catch {
    // Full or refused: kept for this visit only.
  }
}

export function forgetStudentId(sellerId: number): void {
  try {
    storage()?.removeItem(keyOf(sellerId));
  } catch {
    // nothing kept
  }
}
