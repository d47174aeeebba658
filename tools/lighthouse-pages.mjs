// `npx tsx tools/lighthouse-pages.mjs [baseUrl]`: Lighthouse's mobile performance (its default: a mid-range phone,
// simulated slow 4G and 4× CPU slowdown) for the sign-in page, the student viewer and two signed-in pages of a running
// built app (e.g. the demo: `npm start`); base URL default http://localhost:3199. Each page in a fresh Chromium profile
// (/usr/bin/chromium, or CHROMIUM_PATH), so nothing is cached; a signed-in page gets its session (signed in through
// the API) in localStorage from a page of the same origin that loads none of the app's files. Not part of CI: a
// measurement for docs/performance.md. Run with tsx: it reads the demo accounts from the server's TypeScript.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../apps/server/src/demo/accounts.ts';

const base = process.argv[2] ?? 'http://localhost:3199';
const PORT = 9333;

async function signIn(local) {
  const res = await fetch(`${base}/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demoEmail(local), password: DEMO_PASSWORD }) });
  const { token, ...user } = await res.json();
  return { token, user };
}

async function audit(name, url, signedIn) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${PORT}`, '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (signedIn) {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${base}/api/health`);
      // (runs in the page)
      await page.evaluate(([token, user]) => {
        /* eslint-disable-next-line no-undef */
        const storage = window.localStorage;
        storage.setItem('sc.token', token);
        storage.setItem('sc.user', user);
      }, [signedIn.token, JSON.stringify(signedIn.user)]);
    }
    const { lhr } = await lighthouse(url, { port: PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!signedIn });
    const value = (id) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '–';
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    console.log(
      `${name}${landed !== new URL(url).pathname ? ` (→ ${landed})` : ''}: performance ${Math.round(lhr.categories.performance.score * 100)}; FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, Speed Index ${value('speed-index')}, CLS ${value('cumulative-layout-shift')}`,
    );
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const seller = await signIn('seller');
const catalogue = await (await fetch(`${base}/api/items/item/catalogue`, { headers: { authorization: `Bearer ${seller.token}` } })).json();
const itemId = catalogue.groups?.flatMap((g) => g.units)[0]?.itemId;
const made = await fetch(`${base}/api/sellers/share-links/unit/${itemId}`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' }, body: '{}' });
const { url: shareUrl } = await made.json();

await audit('sign-in /', `${base}/`);
await audit('student viewer /student/link', new URL(shareUrl, base).href);
await audit('store /seller/store (institution)', `${base}/seller/store`, seller);
await audit('Minhas Unidades /dashboard/my-units (provider)', `${base}/dashboard/my-units`, await signIn('provider'));
