// `npx tsx tools/lighthouse-pages.mjs [baseUrl]`: Lighthouse's mobile performance (its default: a mid-range phone,
// simulated slow 4G and 4× CPU slowdown) for the sign-in page, the student viewer and five signed-in pages of a running
// built app (e.g. the demo: `npm start`); base URL default http://localhost:3199. An https base is the app behind a TLS
// proxy speaking HTTP/2, as deployed (docs/performance.md, "Lighthouse"); its certificate may be self-signed. Each page in a fresh Chromium profile
// (/usr/bin/chromium, or CHROMIUM_PATH), so nothing is cached; a signed-in page gets its session (signed in through
// the API) in localStorage from a page of the same origin that loads none of the app's files. Not part of CI: a
// measurement for docs/performance.md. Run with tsx: it reads the demo accounts from the server's TypeScript.
// ONLY=store,Minhas: only the pages whose name holds one of the words. DETAIL=1: where the time goes on each page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** ONLY=store,viewer: the pages whose name contains one of these words (default: all four). */
const only = process.env.ONLY?.split(',').filter(Boolean);

async function audit(name, url, signedIn) {
  if (only && !only.some((word) => name.includes(word))) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // An https base is the product behind a local TLS proxy (HTTP/2, as in production), with a certificate of its own.
    args: [`--remote-debugging-port=${PORT}`, '--no-sandbox', '--disable-gpu', ...(base.startsWith('https:') ? ['--ignore-certificate-errors'] : [])],
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
    if (process.env.DETAIL) detail(lhr);
    if (process.env.LHR_DIR) writeFileSync(path.join(process.env.LHR_DIR, `${name.split(' ')[0]}.json`), JSON.stringify(lhr));
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** DETAIL=1: where the time goes — the LCP element, the scripts' CPU time, the long tasks and the requests' timeline. */
function detail(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lcp = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  console.log(`  LCP element: ${lcp?.nodeLabel ?? '–'} (${lcp?.selector ?? ''})`);
  for (const s of items('bootup-time').slice(0, 6)) console.log(`  script ${String(s.url).replace(/^https?:\/\/[^/]+/, '')}: total ${Math.round(s.total)} ms, evaluation ${Math.round(s.scripting)} ms, parse ${Math.round(s.scriptParseCompile)} ms`);
  for (const g of items('mainthread-work-breakdown')) console.log(`  main thread ${g.groupLabel}: ${Math.round(g.duration)} ms`);
  for (const t of items('long-tasks').slice(0, 8)) console.log(`  long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms (${String(t.url).replace(/^https?:\/\/[^/]+/, '')})`);
  for (const r of items('network-requests')) console.log(`  request ${Math.round(r.networkRequestTime ?? r.startTime)}–${Math.round(r.networkEndTime ?? r.endTime)} ms ${Math.round((r.transferSize ?? 0) / 1024)} KB ${String(r.url).replace(/^https?:\/\/[^/]+/, '')}`);
}

const seller = await signIn('seller');
const catalogue = await (await fetch(`${base}/api/items/item/catalogue`, { headers: { authorization: `Bearer ${seller.token}` } })).json();
const itemId = catalogue.groups?.flatMap((g) => g.units)[0]?.itemId;
const made = await fetch(`${base}/api/sellers/share-links/unit/${itemId}`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' }, body: '{}' });
const { url: shareUrl } = await made.json();

await audit('sign-in /', `${base}/`);
// The link names the server's PUBLIC_URL: opened at the same path under the base measured (a proxy in front, say).
const link = new URL(shareUrl, base);
await audit('student viewer /student/link', new URL(`${link.pathname}${link.search}`, base).href);
/** A signed-in page: the account signs in only when the page is measured. */
const signedInAudit = async (name, path, local) => {
  if (only && !only.some((word) => name.includes(word))) return;
  await audit(name, `${base}${path}`, await signIn(local));
};
await signedInAudit('store /seller/store (institution)', '/seller/store', 'seller');
await signedInAudit('Minhas Unidades /dashboard/my-units (provider)', '/dashboard/my-units', 'provider');
await signedInAudit('provider dashboard /dashboard (provider)', '/dashboard', 'provider');
await signedInAudit('studio /studio (provider)', '/studio', 'provider');
await signedInAudit('staff units /dashboard/units (manager)', '/dashboard/units', 'manager');
