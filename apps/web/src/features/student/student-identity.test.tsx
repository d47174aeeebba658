/**
 * What the student viewer keeps per link: the student token the server issued (localStorage for a typed identifier,
 * sessionStorage for an LMS's), used only while it has not expired and only for the student expected.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { IdentifyReply } from '@edu/shared/student';
import { forgetStudentToken, keepStudentToken, keptStudentToken } from './student-identity';

const LINK = 'eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const OTHER = 'eyJ2IjoxfQ.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const reply = (studentId: string, inMs: number): IdentifyReply => ({ token: `t-${studentId}`, studentId, expiresAt: new Date(Date.now() + inMs).toISOString() });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the kept student token', () => {
  it("is the link's own, in the place it was kept, for the student expected", () => {
    keepStudentToken(LINK, 'local', reply('ana', 3_600_000));
    expect(keptStudentToken(LINK, 'local')?.token).toBe('t-ana');
    expect(keptStudentToken(LINK, 'local', 'ana')?.token).toBe('t-ana');
    expect(keptStudentToken(LINK, 'local', 'bruno')).toBeNull();
    expect(keptStudentToken(LINK, 'session')).toBeNull();
    expect(keptStudentToken(OTHER, 'local')).toBeNull();
    keepStudentToken(LINK, 'session', reply('lms-7', 3_600_000));
    expect(keptStudentToken(LINK, 'session', 'lms-7')?.token).toBe('t-lms-7');
  });

  it('is not used once expired, or within a minute of expiring', () => {
    keepStudentToken(LINK, 'local', reply('ana', 30_000));
    expect(keptStudentToken(LINK, 'local')).toBeNull();
    keepStudentToken(LINK, 'local', reply('ana', -1));
    expect(keptStudentToken(LINK, 'local')).toBeNull();
    window.localStorage.setItem(`edu.student.token.${LINK.split('.')[1]}`, '{not json');
    expect(keptStudentToken(LINK, 'local')).toBeNull();
  });

  it("'Trocar' forgets the link's token in both places", () => {
    keepStudentToken(LINK, 'local', reply('ana', 3_600_000));
    keepStudentToken(LINK, 'session', reply('lms-7', 3_600_000));
    keepStudentToken(OTHER, 'local', reply('ana', 3_600_000));
    forgetStudentToken(LINK);
    expect(keptStudentToken(LINK, 'local')).toBeNull();
    expect(keptStudentToken(LINK, 'session')).toBeNull();
    expect(keptStudentToken(OTHER, 'local')?.token).toBe('t-ana');
  });
});
