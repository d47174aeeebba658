/**
 * The web build's chunk groups (docs/architecture.md, "The web build's chunks"): every page loads at most a few dozen long-lived
 * chunks instead of one per combination of pages that share a module (260 chunks, 100+ per signed-in page before).
 *
 * How: the plugin first builds the app without groups (`write: false`): Rolldown's automatic split, in which a chunk
 * holds the modules one set of pages loads, and only what tree-shaking kept. Then it merges, two at a time, the chunks
 * whose merge makes pages load the fewest bytes they do not use (the merged chunk and everything it imports count),
 * until no page loads more than `FILES_PER_PAGE` of them. The real build then puts each module in its merged group
 * (`codeSplitting.groups`). A group is named after the family with the most bytes in it: `mantine` (with its floating
 * and scroll helpers), `icons` (@tabler/icons-react), `contract` (packages/shared and zod), `ui` (apps/web/src/ui and
 * lib), `app` (the features' shared code) or `vendor` (the other libraries), numbered from the one most pages load.
 *
 * What the entry loads stays in the entry (the `$initial` group comes first). What a page imports dynamically (the
 * rich-text editor, KaTeX, the charts, the review's edit form…) and what only such imports load (Tiptap, recharts)
 * is not grouped: it is not on any page's static graph, so no group drags it into a page that does not show it.
 * No merge makes a lighter page (the sign-in page) load a byte more than Rolldown's automatic split did. The student
 * viewer is another build (vite.config.ts, `student` mode): it shares no chunk with the app, so nothing here touches it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** The most chunks a page may load besides the entry, its route's chunk and the shell's (tools/bundle-size.mjs allows 30 in all). */
export const FILES_PER_PAGE = 24;
/** A merge that makes a lighter page (the sign-in page) load more is never made: its weight. */
const LIGHT_WEIGHT = 1e12;

/** A chunk of the build without groups. */
export type ProbeChunk = {
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facade: string | null;
  /** Module id → bytes it takes in the chunk (after tree-shaking, before minification). */
  modules: Record<string, number>;
  imports: string[];
};

/** A page: its route's module and whether it sits under the signed-in shell (from router.tsx). */
export type Route = { module: string; signedIn: boolean; light: boolean };

const slash = (id: string) => id.replaceAll('\\', '/');
function packageOf(id: string): string | undefined {
  return /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(slash(id))?.[1];
}

const MANTINE = /^(@mantine\/(core|hooks|form|modals|notifications|store)|@floating-ui\/.*|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|clsx|react-number-format|react-textarea-autosize|klona|fast-deep-equal|tabbable)$/;

/** The family of a module: what a chunk is named after (the family with the most bytes in it); null: not grouped. */
export function familyOf(id: string): string | null {
  if (id.startsWith('\0')) return null;
  const file = slash(id);
  const pkg = packageOf(file);
  if (pkg) {
    if (MANTINE.test(pkg)) return 'mantine';
    if (pkg === '@tabler/icons-react') return 'icons';
    if (pkg === 'zod') return 'contract';
    return 'vendor';
  }
  if (file.includes('/packages/shared/src/')) return 'contract';
  const web = /\/apps\/web\/src\/(.*)$/.exec(file)?.[1];
  if (!web) return null;
  if (web.startsWith('ui/') || web.startsWith('lib/')) return 'ui';
  return 'app';
}

/** Modules that go together: their bytes by family, and the pages (bits of `routes`) that load them. */
type Piece = { families: Map<string, number>; modules: string[]; bytes: number; pages: Uint32Array; deps: Set<number> };

/**
 * Module id → group name, for every module some page loads before it renders and the entry does not.
 * `routes` are the pages of router.tsx; `shell` the signed-in layout's module.
 */
export function assignGroups(chunks: readonly ProbeChunk[], routes: readonly Route[], shell: string, limit = FILES_PER_PAGE): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const byFacade = new Map(chunks.filter((c) => c.facade).map((c) => [slash(c.facade!), c]));
  const closure = (roots: ProbeChunk[]) => {
    const seen = new Set<string>();
    const stack = roots.map((c) => c.file);
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const chunkOf = (module: string) => {
    const c = [...byFacade.entries()].find(([id]) => id.endsWith(`/apps/web/${module}`))?.[1];
    if (!c) throw new Error(`chunk-groups: no chunk for ${module}`);
    return c;
  };
  const entry = chunks.find((c) => c.isEntry && !c.isDynamicEntry);
  if (!entry) throw new Error('chunk-groups: no entry chunk');
  const initial = closure([entry]);
  const shellChunk = chunkOf(shell);
  const words = Math.ceil(routes.length / 32);
  // Which pages load each chunk of the build without groups (the entry's and the routes' own chunks stay as they are).
  const own = new Set<string>([shellChunk.file, ...routes.map((r) => chunkOf(r.module).file)]);
  const pagesOf = new Map<string, Uint32Array>();
  routes.forEach((r, i) => {
    for (const file of closure(r.signedIn ? [chunkOf(r.module), shellChunk] : [chunkOf(r.module)])) {
      if (initial.has(file) || own.has(file)) continue;
      if (!pagesOf.has(file)) pagesOf.set(file, new Uint32Array(words));
      pagesOf.get(file)![i >>> 5]! |= 1 << (i & 31);
    }
  });
  // Pieces: the modules of one chunk that belong to a family; a piece imports the pieces of the chunks its chunk imports.
  const pieces: (Piece | undefined)[] = [];
  const pieceOf = new Map<string, number>();
  for (const [file, pages] of pagesOf) {
    const piece: Piece = { families: new Map(), modules: [], bytes: 0, pages: pages.slice(), deps: new Set() };
    for (const [id, bytes] of Object.entries(byFile.get(file)!.modules)) {
      const family = familyOf(id);
      if (!family) continue;
      piece.modules.push(id);
      piece.bytes += bytes;
      piece.families.set(family, (piece.families.get(family) ?? 0) + bytes);
    }
    if (piece.modules.length) pieceOf.set(file, pieces.push(piece) - 1);
  }
  for (const [file, i] of pieceOf) {
    for (const f of byFile.get(file)!.imports) if (pieceOf.has(f)) pieces[i]!.deps.add(pieceOf.get(f)!);
  }
  const weight = routes.map((r) => (r.light ? LIGHT_WEIGHT : 1));
  const has = (p: Uint32Array, i: number) => (p[i >>> 5]! >>> (i & 31)) & 1;
  const live = () => pieces.flatMap((p, i) => (p ? [i] : []));
  /** The piece and every piece it imports, directly or not. */
  const closureOf = (i: number, into = new Set<number>()) => {
    if (into.has(i)) return into;
    into.add(i);
    for (const d of pieces[i]!.deps) closureOf(d, into);
    return into;
  };
  /** Weighted count of the pages in `a` and not in `b`. */
  const extra = (a: Uint32Array, b: Uint32Array) => {
    let n = 0;
    for (let w = 0; w < words; w++) {
      let bits = a[w]! & ~b[w]!;
      while (bits) {
        const low = bits & -bits;
        n += weight[w * 32 + 31 - Math.clz32(low)]!;
        bits ^= low;
      }
    }
    return n;
  };
  for (;;) {
    const ids = live();
    const files = routes.map((_, i) => ids.reduce((n, p) => n + has(pieces[p]!.pages, i), 0));
    const worst = files.indexOf(Math.max(...files));
    if (files[worst]! <= limit) break;
    const on = ids.filter((p) => has(pieces[p]!.pages, worst));
    const closures = new Map(on.map((p) => [p, closureOf(p)]));
    let best: [number, number, number] | undefined;
    for (const a of on) {
      for (const b of on) {
        if (b <= a) continue;
        // The bytes the merge makes pages load without using them: the merged chunk and all it imports.
        const pages = pieces[a]!.pages.map((w, k) => w | pieces[b]!.pages[k]!);
        let waste = 0;
        for (const d of new Set([...closures.get(a)!, ...closures.get(b)!])) waste += pieces[d]!.bytes * extra(pages, pieces[d]!.pages);
        if (waste >= LIGHT_WEIGHT) continue; // it would make a lighter page load more
        if (!best || waste < best[2]) best = [a, b, waste];
      }
    }
    if (!best) throw new Error(`chunk-groups: cannot bring pages under ${limit} chunks`);
    const [a, b] = best;
    const pa = pieces[a]!;
    const pb = pieces[b]!;
    const merged: Piece = {
      families: new Map([...pa.families, ...pb.families].map(([f]) => [f, (pa.families.get(f) ?? 0) + (pb.families.get(f) ?? 0)])),
      modules: [...pa.modules, ...pb.modules],
      bytes: pa.bytes + pb.bytes,
      pages: pa.pages.map((w, k) => w | pb.pages[k]!),
      deps: new Set([...pa.deps, ...pb.deps].filter((d) => d !== a && d !== b)),
    };
    pieces[a] = merged;
    pieces[b] = undefined;
    for (const i of live()) {
      const deps = pieces[i]!.deps;
      if (deps.delete(b) && i !== a) deps.add(a);
      deps.delete(i);
    }
    // Whoever loads the merged chunk now loads all it imports.
    for (const d of closureOf(a)) pieces[d]!.pages = pieces[d]!.pages.map((w, k) => w | merged.pages[k]!);
  }
  // Names: the family with the most bytes, numbered from the piece most pages load.
  const groups = new Map<string, string>();
  const count = new Map<string, number>();
  const reach = (p: Piece) => routes.reduce((n, _, i) => n + has(p.pages, i), 0);
  for (const p of live().map((i) => pieces[i]!).sort((x, y) => reach(y) - reach(x) || y.bytes - x.bytes)) {
    const family = [...p.families].sort((x, y) => y[1] - x[1])[0]![0];
    const n = (count.get(family) ?? 0) + 1;
    count.set(family, n);
    for (const id of p.modules) groups.set(id, n === 1 ? family : `${family}-${n}`);
  }
  return groups;
}

/** The config's mode of the first build (without groups): the config must leave the plugin out in it. */
export const PROBE_MODE = 'chunk-probe';

/**
 * The pages of router.tsx, read by tools/bundle-size.mjs (the budgets use the same list). The pages that are an entry of
 * their own (the student viewer, built apart: vite.config.ts) share no chunk with these and are left out.
 */
async function readRoutes(root: string): Promise<{ routes: Route[]; shell: string }> {
  const tool = path.resolve(root, '../../tools/bundle-size.mjs');
  const { pagesOf, LIGHT_KB, APP_ENTRY } = (await import(pathToFileURL(tool).href)) as {
    pagesOf: (source: string) => { entry: string; modules: string[]; budgetKb: number }[];
    LIGHT_KB: number;
    APP_ENTRY: string;
  };
  const pages = pagesOf(readFileSync(path.resolve(root, 'src/app/router.tsx'), 'utf8')).filter((p) => p.entry === APP_ENTRY);
  const shell = 'src/app/shell/app-shell.tsx';
  return {
    shell,
    routes: pages.map((p) => ({ module: p.modules.at(-1)!, signedIn: p.modules.includes(shell), light: p.budgetKb <= LIGHT_KB })),
  };
}

/** The plugin that computes the groups, and the `codeSplitting` option that applies them: pass both to the config. */
export function chunkGroups(): { plugin: Plugin; codeSplitting: object } {
  let groups = new Map<string, string>();
  let root = process.cwd();
  let configFile: string | undefined;
  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
    },
    async buildStart() {
      const { build } = await import('vite');
      const result = await build({ root, configFile, mode: PROBE_MODE, logLevel: 'silent', build: { write: false, manifest: false } });
      type Out = { type: string; fileName: string; isEntry?: boolean; isDynamicEntry?: boolean; facadeModuleId?: string | null; modules?: Record<string, { renderedLength: number }>; imports?: string[] };
      const output = ((Array.isArray(result) ? result[0] : result) as { output: Out[] }).output;
      const chunks: ProbeChunk[] = output
        .filter((o) => o.type === 'chunk')
        .map((o) => ({
          file: o.fileName,
          isEntry: !!o.isEntry,
          isDynamicEntry: !!o.isDynamicEntry,
          facade: o.facadeModuleId ?? null,
          modules: Object.fromEntries(Object.entries(o.modules ?? {}).map(([id, m]) => [id, m.renderedLength])),
          imports: o.imports ?? [],
        }));
      const { routes, shell } = await readRoutes(root);
      groups = assignGroups(chunks, routes, shell);
    },
  };
  const codeSplitting = {
    groups: [
      { name: 'entry', tags: ['$initial' as const], priority: 100 },
      { name: (id: string) => groups.get(id) ?? null, debugName: 'chunk-groups', priority: 50, includeDependenciesRecursively: false },
    ],
  };
  return { plugin, codeSplitting };
}
