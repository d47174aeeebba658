/**
 * The LTI 1.3 tool in Chromium, against the independent platform of the API tests
 * (apps/server/test/lti-platform.ts) served from ANOTHER site (http://127.0.0.1:<port>, the product being
 * http://localhost:<port>), so the tool runs in a third-party iframe whose cookies the browser blocks (checked):
 *
 * 1. the admin connects the platform in 'Gerenciar Conexão LTI': copies the values for the LMS and 'Testar conexão';
 * 2. a teacher, in the course page, opens the tool's content picker inside the iframe (deep linking), picks the demo
 *    unit, and the signed response lands back on the platform, which verified it with the tool's JWKS;
 * 3. a student launches the link the platform created, inside the iframe: the unit opens in the student viewer as
 *    that LMS user; the answer to its question reaches the platform as an AGS score. The login is bound to this browser
 *    by the tool's partitioned cookie, which the browser keeps in the iframe although it blocks third-party cookies;
 * 4. an LMS that offers its platform storage (1EdTech LTI Client Side postMessages, with a Canvas-like storage frame
 *    beside the tool's), in a browser that keeps no cookie of the tool at all: the login and the launch bind through
 *    the storage;
 * 5. an LMS without platform storage, in a browser that keeps no cookie of the tool in the iframe (Safari): the
 *    tool's login check offers 'Abrir em nova janela', which starts the login again in a new window, where the unit
 *    opens;
 * 6. another person's login finished in this browser (login CSRF): the refusal page, nothing opens.
 */
import { test, expect, type Frame, type Page } from '@playwright/test';
import { LTI_MSG } from '../packages/shared/src/lti';
import { LTI_TOOL_MSG } from '../packages/shared/src/lti-tool';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { LtiPlatform, CLAIM } from '../apps/server/test/lti-platform';
import { demoEmail, dismissNotifications, expectNotification, ownClientAddress, signIn } from './helpers';

test.use(ownClientAddress());
test.describe.configure({ mode: 'serial' });

const INSTITUTION = 'Faculdade Vale do Saber';
const CLIENT_ID = `moodle-e2e-${Date.now()}`;
const DEPLOYMENT = 'e2e-deployment-1';
// Its own per run: a retry of this serial group adds another connection beside the first attempt's.
const CONNECTION = `Moodle E2E ${CLIENT_ID.slice(-6)}`;

let platform: LtiPlatform;
let tool: { loginUrl: string; toolUrl: string; deepLinkingUrl: string } | null = null;
let unitLink: { custom: Record<string, string>; url: string } | null = null;

test.beforeAll(async () => {
  const base = test.info().project.use.baseURL!;
  platform = await new LtiPlatform({
    clientId: CLIENT_ID,
    deploymentId: DEPLOYMENT,
    toolJwks: async () => (await fetch(`${base}/api/lti/jwks`)).json(),
  }).start();
});
test.afterAll(async () => {
  await platform?.stop();
});

/** The tool's frame in the platform's course page. */
async function toolFrame(page: Page): Promise<Frame> {
  // Bounded waits (the action timeout is unlimited): a launch that stalls fails here with a message, not at the test's end.
  const handle = await page.locator('iframe[name="tool"]').elementHandle({ timeout: 30_000 });
  const frame = await handle!.contentFrame();
  return frame!;
}

test('the admin connects the LMS: the values to paste, copy buttons and Testar conexão', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/seller/control');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(INSTITUTION);
  const row = page.getByRole('table', { name: 'Instituições' }).getByRole('row').filter({ hasText: INSTITUTION });
  await row.getByRole('button', { name: `Mais ações de ${INSTITUTION}` }).click();
  await page.getByRole('menuitem', { name: 'Conexão LTI' }).click();
  const lti = page.getByRole('dialog', { name: 'Gerenciar Conexão LTI' });
  // The tool's values are there before the connection: the LMS gives the ClientId only after the tool is registered.
  const values = lti.getByRole('region', { name: 'Dados da ferramenta para o LMS' });
  await expect(values.getByRole('group', { name: 'URL de início de login' })).toContainText(/\/api\/lti\/login$/);
  // Where each LMS takes them, in the product itself (not a repository file).
  await expect(values.getByRole('list', { name: 'Onde cadastrar a ferramenta em cada LMS' })).toContainText('Moodle: Administração do site → Plugins');
  await expect(values).not.toContainText('docs/lms.md');
  const addForm = lti.getByRole('form', { name: 'Adicionar Conexão' });
  await addForm.getByRole('combobox', { name: 'Plataforma' }).click();
  await page.getByRole('option', { name: 'Moodle' }).click();
  await addForm.getByLabel('Nome').fill(CONNECTION);
  await addForm.getByLabel('ClientId').fill(CLIENT_ID);
  await addForm.getByLabel('URL da plataforma').fill(platform.url);
  await addForm.getByLabel('Deployment ID').fill(DEPLOYMENT);
  await dismissNotifications(page);
  await addForm.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, LTI_MSG.created);

  const card = lti.getByRole('listitem', { name: CONNECTION });
  const login = card.getByRole('group', { name: 'URL de início de login' });
  await login.getByRole('button', { name: 'Copiar URL de início de login' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/localhost:\d+\/api\/lti\/login$/);
  const base = copied.replace(/\/api\/lti\/login$/, '');
  tool = { loginUrl: copied, toolUrl: `${base}/api/lti/launch`, deepLinkingUrl: `${base}/api/lti/launch` };
  // The platform now knows the tool's registered redirect URI (what the LMS admin pasted) and refuses any other.
  const redirect = card.getByRole('group', { name: 'URI de redirecionamento' });
  await expect(redirect).toContainText(`${base}/api/lti/launch`);
  platform.redirectUris = [`${base}/api/lti/launch`];
  await expect(card.getByRole('group', { name: 'URL da ferramenta' })).toContainText(tool.toolUrl);
  await expect(card.getByRole('group', { name: 'URL das chaves (JWKS)' })).toContainText(`${base}/api/lti/jwks`);
  await expect(card.getByRole('group', { name: 'URL de deep linking' })).toContainText(tool.deepLinkingUrl);
  await expect(card.getByText(DEPLOYMENT, { exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Testar conexão ${CONNECTION}` }).click();
  await expect(card.getByRole('status')).toHaveText(LTI_MSG.testOk(1));

  // Another installation's deployment, added by mistake, is removed again (the launches of the first stay accepted).
  await card.getByRole('textbox', { name: 'Deployment ID' }).fill('deployment-errado');
  await card.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expectNotification(page, LTI_MSG.deploymentAdded);
  await card.getByRole('button', { name: 'Remover Deployment ID deployment-errado' }).click();
  await page.getByRole('dialog', { name: 'Remover Deployment ID' }).getByRole('button', { name: 'Remover' }).click();
  await expectNotification(page, LTI_MSG.deploymentRemoved);
  await expect(card.getByText('deployment-errado', { exact: true })).toHaveCount(0);
  await expect(card.getByText(DEPLOYMENT, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/lti-connection.png', fullPage: true });
});

test('a teacher picks a unit inside the LMS iframe (third-party cookies blocked); the platform receives the signed links', async ({ page }) => {
  platform.launches.set('professora', {
    loginUrl: tool!.loginUrl,
    targetLinkUri: tool!.deepLinkingUrl,
    claims: () => platform.deepLinkingClaims({ targetLinkUri: tool!.deepLinkingUrl, data: 'curso-mat101' }),
  });
  await page.goto(`${platform.url}/course/professora`);
  const frame = await toolFrame(page);
  await expect(frame.getByRole('heading', { name: LTI_TOOL_MSG.pickerTitle })).toBeVisible();
  expect(new URL(frame.url()).host).toBe(new URL(tool!.toolUrl).host);
  // The browser blocks the tool's third-party cookies in this iframe (an unpartitioned one is not kept): the login was
  // bound to this browser by the tool's partitioned cookie, which it keeps there.
  expect(await frame.evaluate(() => {
    document.cookie = 'lti-probe=1; SameSite=None; Secure; Path=/';
    return document.cookie.includes('lti-probe');
  })).toBe(false);

  await frame.getByRole('textbox', { name: 'Buscar' }).fill('Funções do');
  await frame.getByRole('checkbox', { name: `Escolher ${DEMO_PUBLISHED_UNIT_TITLE}` }).check();
  await expect(frame.getByText(LTI_TOOL_MSG.pickerChosen(1))).toBeVisible();
  await page.screenshot({ path: 'test-results/lti-picker.png', fullPage: true });
  await frame.getByRole('button', { name: LTI_TOOL_MSG.pickerSubmit }).click();

  await expect(frame.getByRole('heading', { name: 'Conteúdo adicionado ao curso' })).toBeVisible();
  await expect(frame.getByRole('listitem')).toHaveText([DEMO_PUBLISHED_UNIT_TITLE]);
  expect(platform.received.refusals).toEqual([]);
  const { claims } = platform.received.deepLinks.at(-1)!;
  expect(claims[CLAIM.deepLinkingData]).toBe('curso-mat101');
  const item = (claims[CLAIM.contentItems] as { type: string; url: string; custom: Record<string, string> }[])[0]!;
  expect(item.type).toBe('ltiResourceLink');
  unitLink = { custom: item.custom, url: item.url };
});

test('a student opens the created link inside the LMS iframe: the unit, as that LMS user, and the grade goes back', async ({ page }) => {
  const lineitem = platform.lineitemUrl(101);
  platform.launches.set('aluna', {
    loginUrl: tool!.loginUrl,
    targetLinkUri: unitLink!.url,
    claims: () => platform.resourceLinkClaims({ sub: 'moodle-aluna-e2e', custom: unitLink!.custom, lineitem, targetLinkUri: unitLink!.url }),
  });
  await page.goto(`${platform.url}/course/aluna`);
  const frame = await toolFrame(page);
  const reader = frame.getByTestId('unit-content');
  await expect(reader.getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  expect(new URL(frame.url()).pathname).toBe('/student/link');
  // The LMS user is the student: no identity form.
  await expect(frame.getByRole('textbox', { name: 'Matrícula ou e-mail' })).toHaveCount(0);

  await reader.getByRole('button', { name: 'Próximo' }).click();
  const question = reader.locator('[data-resource-kind="question"]');
  await question.getByText('3', { exact: true }).click();
  await question.getByRole('button', { name: 'Responder' }).click();
  await expect(question.getByText('Resposta correta!')).toBeVisible();
  await expect(frame.getByTestId('lms-grade')).toHaveText(LTI_TOOL_MSG.gradeSent);
  await expect.poll(() => platform.received.scores.at(-1)?.body, { timeout: 20_000 }).toMatchObject({ userId: 'moodle-aluna-e2e', scoreGiven: 1, gradingProgress: 'FullyGraded' });
  expect(platform.received.scores.at(-1)!.lineitem).toBe(lineitem);
  await page.screenshot({ path: 'test-results/lti-student.png', fullPage: true });
});

test("an LMS with platform storage, in a browser that keeps no cookie of the tool: the launch binds through the LMS's storage", async ({ page, context }) => {
  // Safari keeps no cookie at all in a third-party iframe: the browser loses the login's cookie before the launch.
  platform.beforeAuthorization = () => context.clearCookies();
  platform.launches.set('armazenamento', {
    loginUrl: tool!.loginUrl,
    targetLinkUri: unitLink!.url,
    claims: () => platform.resourceLinkClaims({ sub: 'aluno-armazenamento-e2e', custom: unitLink!.custom, targetLinkUri: unitLink!.url }),
    storageTarget: 'post_message_forwarding',
  });
  const continued = page.waitForRequest((request) => request.url().endsWith('/api/lti/launch/storage'), { timeout: 30_000 });
  await page.goto(`${platform.url}/course/armazenamento`);
  const frame = await toolFrame(page);
  await expect(frame.getByTestId('unit-content').getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  expect(new URL(frame.url()).pathname).toBe('/student/link');
  // The launch page sent what the LMS's storage frame kept at login; the storage saw the tool's origin only.
  const sent = (await continued).postDataJSON() as { state: string; proof: string | null };
  expect(sent.proof).toMatch(/^[\w-]{40,}$/);
  const toolOrigin = new URL(tool!.loginUrl).origin;
  expect(platform.received.storage).toEqual([
    { origin: toolOrigin, subject: 'lti.put_data', key: `lti_state_${sent.state}`, answered: true },
    { origin: toolOrigin, subject: 'lti.get_data', key: `lti_state_${sent.state}`, answered: true },
  ]);
  platform.beforeAuthorization = null;
});

test("an LMS without platform storage, in a browser that keeps no cookie in the iframe: 'Abrir em nova janela' opens the unit there", async ({ page, context }) => {
  // The browser keeps no cookie of the tool inside the iframe (Safari): the login's answer reaches the iframe without
  // its cookie. The new window is another page, top-level, where the tool's cookie is first-party and kept.
  platform.options.oneAuthenticationPerLaunch = true;
  await page.route('**/api/lti/login', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    await context.clearCookies();
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'set-cookie'));
    await route.fulfill({ response, headers });
  });
  platform.launches.set('sem-cookies', {
    loginUrl: tool!.loginUrl,
    targetLinkUri: unitLink!.url,
    claims: () => platform.resourceLinkClaims({ sub: 'aluna-sem-cookies-e2e', custom: unitLink!.custom, targetLinkUri: unitLink!.url }),
  });
  await page.goto(`${platform.url}/course/sem-cookies`);
  const frame = await toolFrame(page);
  await expect(frame.locator('[data-lti-refusal="cookiesBlocked"]')).toHaveText(LTI_TOOL_MSG.cookiesBlocked);
  await page.screenshot({ path: 'test-results/lti-new-window-offered.png', fullPage: true });
  // The platform was not asked yet (as Moodle, it authenticates each launch once): the new window's is the first.
  expect(platform.received.refusals).toEqual([]);
  const opened = context.waitForEvent('page');
  await frame.getByRole('link', { name: LTI_TOOL_MSG.relaunchButton }).click();
  const newWindow = await opened;
  await expect(newWindow.getByTestId('unit-content').getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  expect(new URL(newWindow.url()).pathname).toBe('/student/link');
  // A window of its own (no opener: it cannot reach the LMS page), and the LMS user is the student: no identity form.
  expect(await newWindow.evaluate(() => window.opener === null)).toBe(true);
  await expect(newWindow.getByRole('textbox', { name: 'Matrícula ou e-mail' })).toHaveCount(0);
  expect(platform.received.refusals).toEqual([]);
  // The link was for one use: the iframe's link opens nothing a second time.
  const again = context.waitForEvent('page');
  await frame.getByRole('link', { name: LTI_TOOL_MSG.relaunchButton }).click();
  const second = await again;
  await expect(second.locator('[data-lti-refusal="relaunchInvalid"]')).toHaveText(LTI_TOOL_MSG.relaunchInvalid);
  await newWindow.screenshot({ path: 'test-results/lti-new-window.png', fullPage: true });
  await second.close();
  await newWindow.close();
  await page.unroute('**/api/lti/login');
  platform.options.oneAuthenticationPerLaunch = false;
});

test("another person's login finished in this browser (login CSRF): a refusal, with or without the LMS's storage", async ({ page }) => {
  // The attacker runs a login in their own "browser" (here, plain HTTP calls) and keeps the platform's answer.
  const attackerAnswer = async (storage: boolean) => {
    const params = platform.initiation(unitLink!.url, 'atacante', storage ? 'post_message_forwarding' : undefined);
    const login = await fetch(tool!.loginUrl, { method: 'POST', body: new URLSearchParams(params), redirect: 'manual' });
    // Without the platform storage, the tool's login check first (with the login's cookie, as the attacker's browser).
    const check = async () => {
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const checked = await fetch(new URL(login.headers.get('location')!, tool!.loginUrl), { headers: { cookie }, redirect: 'manual' });
      return checked.headers.get('location')!;
    };
    const next = storage ? /data-next="([^"]+)"/.exec(await login.text())![1]!.replace(/&amp;/g, '&') : await check();
    return platform.authenticate(next, platform.resourceLinkClaims({ sub: 'atacante-e2e', custom: unitLink!.custom, targetLinkUri: unitLink!.url }));
  };
  // The victim's browser posts it, inside the LMS that offers its storage: the victim's storage has no binding.
  platform.forged.set('forjado-armazenamento', await attackerAnswer(true));
  await page.goto(`${platform.url}/course/forjado-armazenamento?storage=post_message_forwarding`);
  let frame = await toolFrame(page);
  await expect(frame.locator('[data-lti-refusal="browserMismatch"]')).toHaveText(LTI_TOOL_MSG.browserMismatch);
  await expect(frame.getByRole('heading', { name: LTI_TOOL_MSG.refusedTitle })).toBeVisible();
  expect(platform.received.storage.at(-1)).toMatchObject({ subject: 'lti.get_data', answered: false });
  // And in an LMS without storage: the victim's browser has no cookie of that login.
  platform.forged.set('forjado', await attackerAnswer(false));
  await page.goto(`${platform.url}/course/forjado`);
  frame = await toolFrame(page);
  await expect(frame.locator('[data-lti-refusal="browserMismatch"]')).toHaveText(LTI_TOOL_MSG.browserMismatch);
  await expect(frame.getByTestId('unit-content')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/lti-csrf-refused.png', fullPage: true });
});
