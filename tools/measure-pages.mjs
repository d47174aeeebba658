// `npx tsx tools/measure-pages.mjs [baseUrl]`: loads pages of a running built app in Chromium (a fresh
// context each, so nothing is cached; the student viewer as a phone) and sums the gzip size of every .js
// file the page fetched until the network is idle, in a 1280 × 800 window (dynamic imports a page makes on its first render
// included, such as the access reports' charts once near the viewport) — the second way docs/performance.md measures the budgets (the first is
// tools/bundle-size.mjs, from the build's manifest). Start the app first, e.g. `npm start` or
// `E2E_PORT=3214 node tools/e2e-server.mjs`; base URL default http://localhost:3199. Run with tsx
// (`npx tsx tools/measure-pages.mjs`): it reads the demo accounts from the server's TypeScript.
import { gzipSync } from 'node:zlib';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { completeUnitFields } from '../e2e/helpers.ts';
import { DEMO_PASSWORD, demoEmail } from '../apps/server/src/demo/accounts.ts';

const base = process.argv[2] ?? 'http://localhost:3199';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function token(local) {
  const res = await fetch(`${base}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demoEmail(local), password: DEMO_PASSWORD }) });
  return (await res.json()).token;
}

/** The storage of a context signed in as `local` through the sign-in form. */
async function signedIn(local) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel('E-mail').fill(demoEmail(local));
  await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A laptop's window (what loads before scrolling depends on it: charts and lists below the fold load when near). */
const DESKTOP = { width: 1280, height: 800 };
/** A phone (390 × 844, touch), as students open the viewer. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'pt-BR' };

async function measure(name, path, storageState, options = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...(storageState ? { storageState } : {}), ...options });
  const page = await context.newPage();
  const files = [];
  const names = new Set();
  page.on('response', async (res) => {
    const at = new URL(res.url()).pathname;
    if (!at.endsWith('.js') || names.has(at)) return;
    names.add(at);
    files.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500); // (settle: lazy route chunks start after the first render)
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(files);
  const at = new URL(page.url()).pathname;
  const shown = path.length > 60 ? `${path.slice(0, 57)}…` : path;
  console.log(`${name} (${shown}${at !== path.split('?')[0] ? ` → ${at}` : ''}): ${Math.round(sizes.reduce((a, b) => a + b, 0) / 1024)} KB gzip JS in ${sizes.length} files`);
  await context.close();
}

await measure('sign-in', '/');
const provider = await signedIn('provider');
await measure('studio, new unit', '/studio', provider);
const admin = await signedIn('admin');
const adminToken = await token('admin');
let reviewId;
for (const active of ['true', 'false']) {
  const found = await (await fetch(`${base}/api/items/review/find?active=${active}`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
  reviewId ??= found.content?.[0]?.id;
}
if (!reviewId) {
  // No review in the data (e.g. a fresh e2e database): send a unit for analysis and delegate it.
  const request = await playwrightRequest.newContext({ baseURL: base });
  const auth = (t) => ({ authorization: `Bearer ${t}` });
  const providerToken = await token('provider');
  const unit = await (await request.post('/api/items/item/content/create', { headers: auth(providerToken), data: await completeUnitFields(request, providerToken, 'Unidade para medir') })).json();
  await request.put('/api/items/item/content/status/', { headers: auth(providerToken), data: { ids: [unit.id], status: 'send' } });
  const me = async (local) => (await (await request.get('/api/me', { headers: auth(await token(local)) })).json()).id;
  const delegated = await request.post('/api/items/review/create', {
    headers: auth(await token('manager')),
    data: { curatorId: await me('curator'), reviewerId: await me('review'), contentIds: [unit.id] },
  });
  reviewId = (await delegated.json()).ids?.[0];
  await request.dispose();
}
if (reviewId) await measure('review', `/dashboard/units/review/${reviewId}`, admin);
else console.log('review: no review in the data to open');
await measure('my units', '/dashboard/my-units', provider);
// The provider's dashboard: its income bars are drawn without a chart library.
await measure('dashboard (provider)', '/dashboard', provider);
// The student viewer, as a phone opens a share link of a unit of the demo institution's catalogue.
const sellerToken = await token('seller');
const catalogue = await (await fetch(`${base}/api/items/item/catalogue`, { headers: { authorization: `Bearer ${sellerToken}` } })).json();
const itemId = catalogue.groups?.flatMap((g) => g.units)[0]?.itemId;
if (itemId) {
  const made = await fetch(`${base}/api/sellers/share-links/unit/${itemId}`, { method: 'POST', headers: { authorization: `Bearer ${sellerToken}`, 'content-type': 'application/json' }, body: '{}' });
  const { url } = await made.json();
  await measure('student viewer, phone', new URL(url, base).pathname + new URL(url, base).search, undefined, PHONE);
} else console.log('student viewer: no unit in the institution\'s catalogue to share');
await browser.close();
