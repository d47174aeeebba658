/**
 * Accessibility (WCAG 2.2 AA): every page of the route table (apps/web/src/app/router.tsx), opened by each role that
 * may open it, goes through axe (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa). Any `critical` or `serious`
 * violation fails, printed with its rule, page and target nodes. Each page also has exactly one <h1> and headings that
 * never skip a level. Desktop width everywhere; 390 px too for the student viewer, the store and the studio.
 *
 * One test per role (one sign-in), the tests in parallel. The pages run under the app's own Content Security Policy
 * (axe is evaluated through the DevTools protocol, which the policy does not govern), and any violation it reports on a
 * page is one more finding.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { STUDENT_MSG } from '../packages/shared/src/student';
import { demoEmail, demoToken, ownClientAddress, signIn } from './helpers';

test.use({ ...ownClientAddress() });

/** Every page records what its Content Security Policy refused (read by `audit`). */
test.beforeEach(async ({ context }) => watchPolicy(context));
async function watchPolicy(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __policyRefused: string[] }).__policyRefused = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };


/** What one page found: axe's serious and critical violations and the heading outline's faults. */
async function audit(page: Page, label: string): Promise<string[]> {
  // The page has rendered its title and its data: no loader left. (A missing h1 is reported below; a title squeezed
  // out of sight on a phone still counts.)
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('h1').first()).toBeAttached({ timeout: 5000 }).catch(() => undefined);
  // Mantine's loaders in the app; the student viewer's (no Mantine) are busy status regions.
  await expect(page.locator('.mantine-Loader-root:visible, [role="status"][aria-busy="true"]:visible')).toHaveCount(0);
  // Transitions (toasts, menus, fades) end before axe reads colours.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const refused = await page.evaluate(() => (window as unknown as { __policyRefused?: string[] }).__policyRefused ?? []);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `[${label}] ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 140)}`).join('\n    ')}`);
  const outline = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((h) => h.getClientRects().length > 0 && !h.closest('[aria-hidden="true"]'))
      .map((h) => ({ level: Number(h.getAttribute('aria-level') ?? h.tagName.slice(1)), text: (h.textContent ?? '').trim().slice(0, 40) })),
  );
  for (const r of refused) found.push(`[${label}] Content Security Policy violation: ${r}`);
  const h1 = outline.filter((h) => h.level === 1).length;
  if (h1 !== 1) found.push(`[${label}] ${h1} headings of level 1 (one expected): ${outline.map((h) => `h${h.level} ${h.text}`).join(' | ')}`);
  outline.forEach((h, i) => {
    const before = i === 0 ? 0 : outline[i - 1]!.level;
    if (h.level > before + 1) found.push(`[${label}] heading 'h${h.level} ${h.text}' skips a level after h${before}`);
  });
  return found;
}

/** Opens each path in turn and audits it; fails once, at the end, listing everything found. */
async function auditAll(page: Page, who: string, paths: string[], width = 'desktop') {
  const found: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      // A page that does not load is one more finding: the other pages are still audited.
      try {
        await page.goto(path);
        found.push(...(await audit(page, `${who} ${width} ${path}`)));
      } catch (error) {
        found.push(`[${who} ${width} ${path}] did not load: ${(error as Error).message.split('\n')[0]}`);
      }
    });
  }
  return found;
}

function report(found: string[]) {
  expect(found.length, `\n${found.join('\n')}\n`).toBe(0);
}

/** A second account in the same test: a context of its own (its own session), as the spec's own is configured. */
async function signedInPage(browser: Browser, local: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: DESKTOP, locale: 'pt-BR', ...ownClientAddress() });
  await watchPolicy(context);
  const page = await context.newPage();
  await signIn(page, demoEmail(local));
  await expect(page).toHaveURL('/dashboard');
  return page;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const json = async <T>(request: APIRequestContext, url: string, token: string, params?: Record<string, string>) => {
  const res = await request.get(url, { headers: auth(token), params });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
};

/** The demo institution's ids: a store provider, a catalogue unit, and a subject and course of this run. */
async function sellerIds(request: APIRequestContext) {
  const token = await demoToken(request, 'seller');
  const store = await json<{ data: { id: number }[] }>(request, '/api/providers/store', token);
  const providerId = store.data[0]!.id;
  const catalogue = await json<{ groups: { units: { itemId: number; itemContentId: number }[] }[] }>(request, '/api/items/item/catalogue', token);
  const unit = catalogue.groups.flatMap((g) => g.units)[0]!;
  const me = await json<{ seller: { id: number } }>(request, '/api/me', token);
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const subject = await request.post('/api/sellers/subjects', { headers: auth(token), data: { name: `Acessibilidade ${stamp}`, sellerId: me.seller.id } });
  expect(subject.status(), await subject.text()).toBe(200);
  const subjectId = ((await subject.json()) as { subject_id: number }).subject_id;
  const added = await request.post('/api/sellers/subjects/item', { headers: auth(token), data: { subjectId, itemId: unit.itemId, itemContentId: unit.itemContentId } });
  expect(added.status(), await added.text()).toBe(200);
  const subjectItemId = ((await added.json()) as { subjectItemId: number }).subjectItemId;
  const course = await request.post('/api/sellers/courses', { headers: auth(token), data: { name: `Acessibilidade ${stamp}` } });
  expect(course.status(), await course.text()).toBe(200);
  const courseId = ((await course.json()) as { course: { id: number } }).course.id;
  const share = await request.post(`/api/sellers/share-links/unit/${unit.itemId}`, { headers: auth(token), data: {} });
  expect(share.status(), await share.text()).toBe(200);
  return { providerId, unit, subjectId, subjectItemId, courseId, shareUrl: ((await share.json()) as { url: string }).url };
}

/** The first href of the page's main content starting with `prefix`. */
async function firstHref(page: Page, path: string, prefix: string) {
  await page.goto(path);
  const link = page.getByRole('main').locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

test.describe.configure({ mode: 'parallel' });

test('public pages', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  report(
    await auditAll(page, 'anônimo', [
      '/',
      '/signup',
      '/signup/seller',
      '/forgot-password',
      '/reset-password',
      '/confirm-email',
      '/lms-key',
      '/docs/lms/key_generator',
      '/student/link',
      '/student/lms',
      '/lti/deep-linking',
    ]),
  );
});

test('the student viewer, at desktop width and on a phone', async ({ page, request }) => {
  const { shareUrl } = await sellerIds(request);
  const found: string[] = [];
  for (const [width, size] of [['desktop', DESKTOP], ['390 px', PHONE]] as const) {
    await page.setViewportSize(size);
    // Each width starts as a new student: the page asks who they are first.
    await page.goto(shareUrl);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    const identity = page.getByRole('textbox', { name: STUDENT_MSG.identityLabel });
    await expect(identity).toBeVisible();
    found.push(...(await audit(page, `aluno ${width} identificação`)));
    await identity.fill('aluna.acessivel@escola.br');
    await page.getByRole('button', { name: STUDENT_MSG.identityContinue }).click();
    await expect(page.getByTestId('unit-content')).toBeVisible();
    found.push(...(await audit(page, `aluno ${width} unidade`)));
  }
  report(found);
});

test('admin', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const token = await demoToken(request, 'admin');
  const reviews = await json<{ content: { id: number; itemContentId: number }[] }>(request, '/api/items/review/find', token);
  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  const rentsControl = await firstHref(page, '/seller/control', '/seller/rents-control/');
  report(
    await auditAll(page, 'admin', [
      '/dashboard',
      '/dashboard/profile',
      '/dashboard/units',
      `/dashboard/units/review/${reviews.content[0]!.id}`,
      `/dashboard/units/item/${reviews.content[0]!.itemContentId}`,
      '/dashboard/my-team',
      '/dashboard/notifications',
      '/dashboard/plans',
      '/seller/control',
      rentsControl,
      '/dashboard/access-report',
      '/dashboard/unit-access-report',
      '/dashboard/logs-report',
      '/dashboard/feedback-report',
      '/dashboard/financial-report',
      '/dashboard/ia-activities',
    ]),
  );
});

test('director and manager', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  const plan = await firstHref(page, '/dashboard/providers', '/dashboard/providers/plan/');
  const found = await auditAll(page, 'director', ['/dashboard', '/dashboard/providers', plan]);
  const manager = await signedInPage(browser, 'manager');
  found.push(...(await auditAll(manager, 'manager', ['/dashboard', '/dashboard/units'])));
  await manager.context().close();
  report(found);
});

test('curator', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const token = await demoToken(request, 'curator');
  const reviews = await json<{ content: { id: number; itemContentId: number }[] }>(request, '/api/items/review/find', token);
  await signIn(page, demoEmail('curator'));
  await expect(page).toHaveURL('/dashboard');
  report(await auditAll(page, 'curator', ['/dashboard', '/dashboard/units', `/dashboard/units/review/${reviews.content[0]!.id}`]));
});

test('provider, editor and service provider', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const token = await demoToken(request, 'provider');
  const units = await json<{ content: { id: number }[] }>(request, '/api/items/item/content/provider', token);
  const unitId = units.content[0]!.id;
  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  const authorReview = await firstHref(page, '/dashboard/my-units', '/dashboard/my-units/review/');
  const found = await auditAll(page, 'provider', [
    '/dashboard',
    '/dashboard/profile',
    '/dashboard/my-units',
    `/dashboard/my-units/update/${unitId}`,
    authorReview,
    '/dashboard/my-team',
    '/dashboard/providers-rents',
    '/dashboard/units-report',
    '/dashboard/unit-access-report',
    '/dashboard/logs-report',
    '/dashboard/tutorials',
    '/seller/manage-subjects',
    '/seller/courses',
    '/studio',
    `/studio/${unitId}`,
  ]);
  await page.setViewportSize(PHONE);
  found.push(...(await auditAll(page, 'provider', ['/studio', `/studio/${unitId}`], '390 px')));

  for (const [who, paths] of [
    ['editor', ['/dashboard', '/dashboard/my-units']],
    ['serviceprovider', ['/dashboard', '/dashboard/my-services']],
  ] as const) {
    const other = await signedInPage(browser, who);
    found.push(...(await auditAll(other, who, [...paths])));
    await other.context().close();
  }
  report(found);
});

test('institution', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const ids = await sellerIds(request);
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  const partner = await firstHref(page, '/seller/store-service', '/seller/store-service/provider/');
  const store = [
    '/seller/store',
    `/seller/store/provider/${ids.providerId}`,
    `/seller/store/provider/${ids.providerId}/item/${ids.unit.itemContentId}`,
  ];
  const found = await auditAll(page, 'seller', [
    '/dashboard',
    '/dashboard/profile',
    ...store,
    '/seller/store-service',
    partner,
    '/seller/cart',
    '/seller/rents',
    '/seller/rented-units',
    `/seller/rented-unit/item/${ids.unit.itemContentId}`,
    '/seller/manage-subjects',
    `/seller/subject/${ids.subjectId}`,
    `/seller/subject/${ids.subjectId}/item/${ids.unit.itemContentId}/${ids.subjectItemId}`,
    '/seller/courses',
    `/seller/course/${ids.courseId}`,
    '/dashboard/access-report',
    '/dashboard/logs-report',
    '/dashboard/my-team',
    '/dashboard/ia-activities',
    '/dashboard/settings',
    '/dashboard/tutorials',
  ]);
  await page.setViewportSize(PHONE);
  found.push(...(await auditAll(page, 'seller', store, '390 px')));
  report(found);
});

test('institution assistant', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, demoEmail('seller.assistente'));
  await expect(page).toHaveURL('/dashboard');
  report(await auditAll(page, 'seller.assistente', ['/dashboard', '/seller/rented-units', '/seller/manage-subjects']));
});
