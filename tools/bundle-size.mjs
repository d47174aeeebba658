// `node tools/bundle-size.mjs [distDir]`: the gzip JavaScript each page loads on a cold visit,
// computed from the Vite manifest of a built web app (apps/web/dist by default): the entry chunk,
// the route's lazy chunk, the shell's chunk for signed-in pages, and every chunk they import
// statically (what the browser fetches before the page can render; dynamic imports inside a page,
// such as KaTeX or the rich-text editor, are not counted). Exits 1 when a page is over its budget.
// The budgets are those of docs/performance.md; `npm run build` runs this after building the web app,
// so a page over its budget fails the build (and CI).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const SHELL = 'src/app/shell/app-shell.tsx';

/** Page → the route module(s) it loads, and its budget in KB of gzip JavaScript. */
export const PAGES = [
  { name: 'sign-in (/)', modules: ['src/features/auth/pages/login-page.tsx'], budgetKb: 150 },
  { name: 'studio (/studio/:id)', modules: ['src/features/studio/pages/studio-page.tsx'], budgetKb: 400 },
  { name: 'review (/dashboard/units/review/:id)', modules: [SHELL, 'src/features/reviews/pages/review-page.tsx'], budgetKb: 400 },
  { name: 'my units (/dashboard/my-units)', modules: [SHELL, 'src/features/units/pages/my-units-page.tsx'], budgetKb: 400 },
];

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`no ${file}: build the web app first (npm run build -w @edu/web)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The .js files a page fetches before it renders: the entry and the modules, with their static imports. */
export function pageFiles(manifest, modules) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('manifest has no entry');
  const seen = new Set();
  const files = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk(entry);
  for (const m of modules) walk(m);
  return [...files];
}

export function measure(dist) {
  const manifest = readManifest(dist);
  return PAGES.map((page) => {
    const files = pageFiles(manifest, page.modules);
    const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
    return { ...page, files: files.length, kb: Math.round(gzipBytes / 1024) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const rows = measure(dist);
  let over = false;
  for (const r of rows) {
    const bad = r.kb > r.budgetKb;
    over ||= bad;
    console.log(`${bad ? 'OVER' : 'ok  '} ${r.name}: ${r.kb} KB gzip JS in ${r.files} files (budget ${r.budgetKb} KB)`);
  }
  process.exit(over ? 1 : 0);
}
