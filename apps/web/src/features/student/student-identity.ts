/**
 * Who the student is when the link names nobody (docs/decisions.md, the student viewer's section and "One
 * student, one voice"): the identifier typed once ('Matrícula ou e-mail'), kept in this browser per institution, or the `student`
 * query parameter an LMS appends to the link (for that visit only). The server turns it into a student token per link
 * (`POST /student/identify`), kept here per link: in localStorage for a typed identifier, in sessionStorage for the
 * LMS's. A browser that kept only an identifier (before student tokens) identifies with it again, without asking.
 */
import { normalizeStudentId, studentIdSchema, type IdentifyReply } from '@edu/shared/student';

const keyOf = (sellerId: number) => `edu.student.${sellerId}`;
/** A link's student token, by the link's signature (the part after the dot). */
const tokenKeyOf = (link: string) => `edu.student.token.${link.slice(link.lastIndexOf('.') + 1)}`;

export type TokenPlace = 'local' | 'session';

function storage(place: TokenPlace = 'local'): Storage | null {
  try {
    return place === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage refused (private mode, blocked cookies): the student types it again on the next visit.
    return null;
  }
}

/** The kept student token of `link` (of `studentId` when given), unless it has expired. */
export function keptStudentToken(link: string, place: TokenPlace, studentId?: string): IdentifyReply | null {
  try {
    const raw = storage(place)?.getItem(tokenKeyOf(link));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<IdentifyReply>;
    if (typeof kept.token !== 'string' || typeof kept.studentId !== 'string' || typeof kept.expiresAt !== 'string') return null;
    // A minute of margin: a token about to expire is replaced now rather than refused in the middle of a unit.
    if (!(Date.parse(kept.expiresAt) > Date.now() + 60_000)) return null;
    if (studentId !== undefined && kept.studentId !== studentId) return null;
    return kept as IdentifyReply;
  } catch {
    return null;
  }
}

export function keepStudentToken(link: string, place: TokenPlace, reply: IdentifyReply): void {
  try {
    storage(place)?.setItem(tokenKeyOf(link), JSON.stringify(reply));
  } catch {
    // Full or refused: kept for this visit only.
  }
}

export function forgetStudentToken(link: string): void {
  for (const place of ['local', 'session'] as const) {
    try {
      storage(place)?.removeItem(tokenKeyOf(link));
    } catch {
      // nothing kept
    }
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
