/**
 * Students' names from the LMS (LTI Names and Role Provisioning Services 2.0, lti-roster.ts), against the platform
 * harness (lti-platform.ts: its own NRPS service, paged, behind its own token endpoint): a launch from an LMS that lists
 * the course's members keeps their names, and the institution's access report shows the name beside the LMS id; the
 * list is read again only after LTI_LIMITS.rosterMinutes; a renamed student shows the new name; an LMS that lists no
 * members (no claim), a failing list or one at another address changes nothing and never stops the launch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LTI_CUSTOM_UNIT } from '@edu/shared/lti-tool';
import { STUDENT_LINK_HEADER } from '@edu/shared/student';
import { ltiLearners, ltiRosters } from '../src/db/schema';
import { memberName, nextPage } from '../src/modules/lti/lti-roster';
import { call, createTestApp, signIn, type TestApp } from './harness';
import { SCOPE_MEMBERSHIP } from './lti-platform';
import { launch, ltiWorld, studentLinkOf, type LtiWorld } from './lti-setup';

let t: TestApp;
let w: LtiWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await ltiWorld(t);
}, 120_000);
afterAll(async () => {
  await w?.platform.stop();
  await t?.close();
});

const claims = (sub: string, nrps = true) => w.platform.resourceLinkClaims({ sub, custom: { [LTI_CUSTOM_UNIT]: String(w.item) }, targetLinkUri: w.connection.tool.toolUrl, nrps });
const member = (user_id: string, extra: Record<string, unknown>) => ({ user_id, roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'], status: 'Active', ...extra });

/** Launches `sub`, opens the unit (an access), and answers the institution's access report rows for today. */
async function launchAndReport(sub: string, nrps = true) {
  const link = studentLinkOf(await launch(t, w, claims(sub, nrps)));
  expect((await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers: { [STUDENT_LINK_HEADER]: link.token } })).statusCode).toBe(200);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const report = await call(t.app, 'GET', '/api/sellers/report-access', { token: await signIn(t.app, 'seller'), query: { start_date: today, end_date: today, page: '1' } });
  expect(report.statusCode, report.body).toBe(200);
  return report.json<{ data: { student: string }[] }>().data.map((r) => r.student);
}

const staleRosters = () => t.deps.db.update(ltiRosters).set({ fetchedAt: new Date(0) });

describe('names from the LMS (NRPS)', () => {
  it('keeps the listed members\' names at launch (every page) and the report shows the name beside the LMS id', async () => {
    w.platform.membersPageSize = 2;
    w.platform.members = [
      member('nrps-ana', { name: 'Ana Beatriz Souza' }),
      member('nrps-bruno', { given_name: 'Bruno', family_name: 'Lima' }),
      member('nrps-carla', { name: '  Carla   Dias ' }),
      member('nrps-sem-nome', {}),
    ];
    const students = await launchAndReport('nrps-ana');
    expect(students).toContain('Ana Beatriz Souza · nrps-ana · Moodle de teste (LTI)');
    // Two pages followed by `Link: rel="next"`, one token of the NRPS scope.
    expect(w.platform.received.memberships.map((m) => m.status)).toEqual([200, 200]);
    expect(w.platform.received.tokenRequests.filter((r) => r.scope === SCOPE_MEMBERSHIP)).toHaveLength(1);
    const kept = await t.deps.db.select({ sub: ltiLearners.sub, name: ltiLearners.name }).from(ltiLearners).where(eq(ltiLearners.connectionId, w.connection.id));
    expect(kept.sort((a, b) => a.sub.localeCompare(b.sub))).toEqual([
      { sub: 'nrps-ana', name: 'Ana Beatriz Souza' },
      { sub: 'nrps-bruno', name: 'Bruno Lima' },
      { sub: 'nrps-carla', name: 'Carla Dias' },
    ]);
  });

  it('reads the list again only when the kept one is older than the period, and shows a new name then', async () => {
    const before = w.platform.received.memberships.length;
    w.platform.members = [member('nrps-bruno', { name: 'Bruno Lima Neto' })];
    let students = await launchAndReport('nrps-bruno');
    // Fresh: not read again, the kept name shows.
    expect(w.platform.received.memberships.length).toBe(before);
    expect(students).toContain('Bruno Lima · nrps-bruno · Moodle de teste (LTI)');
    await staleRosters();
    await launchAndReport('nrps-bruno');
    expect(w.platform.received.memberships.length).toBe(before + 1);
    const [row] = await t.deps.db.select({ name: ltiLearners.name }).from(ltiLearners).where(sql`${ltiLearners.connectionId} = ${w.connection.id} and ${ltiLearners.sub} = 'nrps-bruno'`);
    expect(row?.name).toBe('Bruno Lima Neto');
    students = await launchAndReport('nrps-carla');
    expect(students).toContain('Carla Dias · nrps-carla · Moodle de teste (LTI)');
    expect(students).toContain('Bruno Lima Neto · nrps-bruno · Moodle de teste (LTI)');
  });

  it('changes nothing for an LMS without the list, and a failing list never stops the launch', async () => {
    const before = w.platform.received.memberships.length;
    expect(await launchAndReport('sem-nrps', false)).toContain('sem-nrps · Moodle de teste (LTI)');
    expect(w.platform.received.memberships.length).toBe(before);

    await staleRosters();
    w.platform.membersStatus = 500;
    try {
      expect(await launchAndReport('nrps-falha')).toContain('nrps-falha · Moodle de teste (LTI)');
      expect(w.platform.received.memberships.at(-1)?.status).toBe(500);
      // Not read: the next launch tries again.
      const [roster] = await t.deps.db.select().from(ltiRosters).where(eq(ltiRosters.connectionId, w.connection.id));
      expect(roster?.fetchedAt.getTime()).toBe(0);
    } finally {
      w.platform.membersStatus = null;
    }
  });

  it('reads names and pages as NRPS gives them', () => {
    expect(memberName({ name: 'Maria' })).toBe('Maria');
    expect(memberName({ given_name: ' Maria ', family_name: 'Souza' })).toBe('Maria Souza');
    expect(memberName({ given_name: 'Maria' })).toBe('Maria');
    expect(memberName({ name: '', email: 'x@y' })).toBeNull();
    expect(memberName({ name: 'x'.repeat(300) })?.length).toBe(200);
    expect(nextPage('<https://lms/m?p=2>; rel="next", <https://lms/m?p=9>; rel="last"')).toBe('https://lms/m?p=2');
    expect(nextPage('<https://lms/m?p=9>; rel="last"')).toBeNull();
    expect(nextPage(null)).toBeNull();
  });
});
