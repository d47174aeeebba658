// `node tools/bundle-size.mjs [distDir]`: the gzip JavaScript and the number of .js files each page loads on a cold
// visit, computed from the Vite manifest of a built web app (apps/web/dist by default): the entry chunk, the route's
// lazy chunk, the shell's chunk for the pages under the signed-in layout, and every chunk they import statically (what
// the browser fetches before the page can render; dynamic imports inside a page, such as KaTeX, the rich-text editor or
// the dashboard's charts, are not counted). Every route of apps/web/src/app/router.tsx is a page: the list is read from
// router.tsx itself, so a new route is budgeted the day it is added. The student viewer's pages are an entry of their
// own (apps/web/student.html, OWN_ENTRIES): measured from that entry alone. Exits 1 when a page is over its KB budget or over
// MAX_FILES files (HELD_KB: the pages still above their budget, held where they stand). The budgets are those of docs/performance.md; `npm run build` runs this after building the web app,
// so a page over its budget fails the build (and CI).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ROUTER = path.join(ROOT, 'apps/web/src/app/router.tsx');
const SHELL_IMPORT = './shell/app-shell';

/** At most this many .js files on a cold load of any page. */
export const MAX_FILES = 30;
/** KB of gzip JavaScript: the sign-in page and the student viewer (opened on phones, from an LMS or a share link). */
export const LIGHT_KB = 150;
/** KB of gzip JavaScript: every other page. */
export const PAGE_KB = 300;
const LIGHT_PATHS = new Set(['/', '/student/link', '/student/lms']);
/** The app's entry (the manifest's key of its HTML): every page of router.tsx starts from it. */
export const APP_ENTRY = 'index.html';
/** The app's build manifest (in the dist folder). */
const APP_MANIFEST = '.vite/manifest.json';
/**
 * Pages that are an entry of their own, not routes of router.tsx: the student viewer (share links at SHARE_LINK_PATH,
 * the LMS page at LMS_VIEWER_PATH; the server answers its HTML for both), without Mantine, router or session. Built
 * apart from the app (apps/web/vite.config.ts, `student` mode) into the same folder, with its own manifest.
 */
export const OWN_ENTRIES = { 'student.html': { manifest: '.vite/manifest-student.json', paths: ['/student/link', '/student/lms'] } };
/**
 * Pages not yet within the budget above, held where they stand so they cannot grow while they are brought down
 * (docs/performance.md, "Web bundles"). Lower a figure whenever a page gets lighter; remove the line once it meets its
 * budget. None today.
 */
const HELD_KB = {};

/** `../features/x/pages/y-page` (relative to src/app) → the manifest's key `src/features/x/pages/y-page.tsx`. */
const moduleKey = (specifier) => `src/${path.posix.normalize(path.posix.join('app', specifier))}.tsx`;

/** The index just past the bracket that closes the one opened at `open`. */
function closing(source, open) {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '[' || source[i] === '{') depth++;
    else if (source[i] === ']' || source[i] === '}') depth--;
    if (depth === 0) return i + 1;
  }
  throw new Error('router.tsx: unbalanced brackets');
}

/**
 * The pages of router.tsx: every `{ path: '…', lazy: page(() => import('…')) }`, with `signedIn` when it sits in the
 * children of the shell's layout route (whose lazy import is `./shell/app-shell`). Throws when an `import(` of the file
 * is neither a page nor the shell, so a route written another way cannot slip past the budgets.
 */
export function routesOf(source) {
  const shellAt = source.indexOf(`import('${SHELL_IMPORT}')`);
  if (shellAt < 0) throw new Error(`router.tsx: no import('${SHELL_IMPORT}')`);
  const childrenAt = source.indexOf('children: [', shellAt) + 'children: '.length;
  const shellEnd = closing(source, childrenAt);
  const routes = [];
  for (const m of source.matchAll(/path: '([^']+)',\s*lazy: page\(\(\) => import\('([^']+)'\)\)/g)) {
    routes.push({ path: m[1], module: moduleKey(m[2]), signedIn: m.index > childrenAt && m.index < shellEnd });
  }
  const imports = [...source.matchAll(/import\('/g)].length;
  if (imports !== routes.length + 1) {
    throw new Error(`router.tsx has ${imports} import() calls but ${routes.length} pages were read (+ the shell): update routesOf in tools/bundle-size.mjs`);
  }
  return routes;
}

/**
 * Page → its entry (the manifest's key of its HTML), the modules it loads besides the entry, its budget and the goal
 * (the budget, unless the page is held above it).
 */
export function pagesOf(source) {
  const budgets = (path) => ({
    goalKb: LIGHT_PATHS.has(path) ? LIGHT_KB : PAGE_KB,
    budgetKb: HELD_KB[path] ?? (LIGHT_PATHS.has(path) ? LIGHT_KB : PAGE_KB),
  });
  const routes = routesOf(source);
  const own = Object.entries(OWN_ENTRIES).flatMap(([entry, { manifest, paths }]) => paths.map((name) => ({ name, entry, manifest, modules: [], ...budgets(name) })));
  for (const page of own) {
    if (routes.some((r) => r.path === page.name)) throw new Error(`${page.name} is both a route of router.tsx and the page of ${page.entry}`);
  }
  return [
    ...routes.map((r) => ({
      name: r.path,
      entry: APP_ENTRY,
      manifest: APP_MANIFEST,
      modules: r.signedIn ? [moduleKey(SHELL_IMPORT), r.module] : [r.module],
      ...budgets(r.path),
    })),
    ...own,
  ];
}

function readManifest(dist, name = APP_MANIFEST) {
  const file = path.join(dist, name);
  if (!existsSync(file)) throw new Error(`no ${file}: build the web app first (npm run build -w @edu/web)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The .js files a page fetches before it renders: its entry and the modules, with their static imports. */
export function pageFiles(manifest, modules, entry = APP_ENTRY) {
  if (!manifest[entry]?.isEntry) throw new Error(`manifest has no entry ${entry}`);
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

export function measure(dist, source = readFileSync(ROUTER, 'utf8')) {
  const manifests = new Map();
  const manifestOf = (name) => {
    if (!manifests.has(name)) manifests.set(name, readManifest(dist, name));
    return manifests.get(name);
  };
  const gz = new Map();
  const size = (f) => {
    if (!gz.has(f)) gz.set(f, gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length);
    return gz.get(f);
  };
  return pagesOf(source).map((page) => {
    const files = pageFiles(manifestOf(page.manifest), page.modules, page.entry);
    const gzipBytes = files.reduce((sum, f) => sum + size(f), 0);
    return { ...page, files: files.length, kb: Math.round(gzipBytes / 1024) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/web/dist'));
  const rows = measure(dist);
  let over = 0;
  for (const r of rows) {
    const bad = r.kb > r.budgetKb || r.files > MAX_FILES;
    if (bad) over++;
    const held = r.budgetKb > r.goalKb ? ` — held above the goal of ${r.goalKb} KB` : '';
    console.log(`${bad ? 'OVER' : 'ok  '} ${r.name}: ${r.kb} KB gzip JS in ${r.files} files (budget ${r.budgetKb} KB${held}, ${MAX_FILES} files)`);
  }
  const stale = Object.keys(HELD_KB).filter((p) => !rows.some((r) => r.name === p));
  if (stale.length) {
    console.log(`HELD_KB names pages router.tsx no longer has: ${stale.join(', ')}`);
    over++;
  }
  const count = (name) => Object.values(readManifest(dist, name)).filter((c) => c.file.endsWith('.js')).length;
  const viewer = Object.values(OWN_ENTRIES).reduce((n, e) => n + count(e.manifest), 0);
  console.log(`${rows.length} pages, ${over} over budget; ${count(APP_MANIFEST)} .js files in the app's build, ${viewer} in the student viewer's`);
  process.exit(over ? 1 : 0);
}
