// The server's module graph: which module imports which, through which file, and the cycles.
//   node tools/module-graph.mjs            prints the figures (imports across modules, pairs, cycles,
//                                          imports past a front door, files over 300 lines)
//   node tools/module-graph.mjs --check    exits 1 when two modules import each other through any
//                                          path (a cycle) or platform/ imports a module (run by lint)
// A module is a folder of apps/server/src/modules; platform/ is one more node that must import none. Tables
// (`*.tables.ts`) are the schema layer under both: they import only tables and platform/.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'apps/server/src');

function walk(dir, out = [], pattern = /\.(ts|js)$/) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out, pattern);
    else if (pattern.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The node a file belongs to: a module's name, 'platform', or null (db/, demo/, entry points). */
function nodeOf(file) {
  const rel = path.relative(src, file).split(path.sep);
  // Tables are the schema layer under every module (read through db/schema.ts, written only by their owner).
  if (file.endsWith('.tables.ts')) return null;
  if (rel[0] === 'modules' && rel.length > 2) return rel[1];
  if (rel[0] === 'platform') return 'platform';
  return null;
}

const importRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [`${base}.ts`, `${base}.js`, path.join(base, 'index.ts')]) if (fs.existsSync(c)) return c;
  return null;
}

export function moduleGraph() {
  const files = walk(src);
  const edges = []; // { from, to, fromFile, toFile }
  const schemaProblems = []; // a tables file importing module logic
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const target = resolve(file, m[1] ?? m[2]);
      if (!target) continue;
      if (file.endsWith('.tables.ts') && !target.endsWith('.tables.ts') && nodeOf(target) !== 'platform' && !target.includes('/db/')) {
        schemaProblems.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
      }
      const a = nodeOf(file);
      const b = nodeOf(target);
      if (a && b && a !== b) edges.push({ from: a, to: b, fromFile: path.relative(root, file), toFile: path.relative(root, target) });
    }
  }
  const adj = new Map();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, new Set());
    adj.get(e.from).add(e.to);
  }
  // Tarjan's strongly connected components: any with more than one node is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const sccs = [];
  let i = 0;
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  const strong = (v) => {
    index.set(v, i);
    low.set(v, i++);
    stack.push(v);
    on.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) sccs.push(comp.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) strong(v);
  const pairs = new Set(edges.map((e) => `${e.from}→${e.to}`));
  const mutual = [...pairs].filter((p) => {
    const [a, b] = p.split('→');
    return a < b && pairs.has(`${b}→${a}`);
  });
  const pastFrontDoor = edges.filter((e) => e.to !== 'platform' && !/\/index\.ts$/.test(e.toFile));
  const intoPlatformFromModules = edges.filter((e) => e.from === 'platform');
  return { files, edges, pairs, mutual, sccs, pastFrontDoor, intoPlatformFromModules, schemaProblems };
}

function lineCounts(dirs) {
  const out = [];
  for (const d of dirs) {
    const abs = path.join(root, d);
    if (!fs.existsSync(abs)) continue;
    for (const f of walk(abs, [], /\.(ts|tsx|js)$/)) {
      if (/\.test\.tsx?$/.test(f) || f.includes('/migrations/')) continue;
      out.push({ file: path.relative(root, f), lines: fs.readFileSync(f, 'utf8').split('\n').length });
    }
  }
  return out;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const g = moduleGraph();
  const check = process.argv.includes('--check');
  if (check) {
    const problems = [];
    for (const c of g.sccs) problems.push(`módulos em ciclo: ${c.join(' ⇄ ')}`);
    for (const s of g.schemaProblems) problems.push(`uma tabela importa lógica de um módulo: ${s}`);
    for (const e of g.intoPlatformFromModules) problems.push(`platform/ importa um módulo: ${e.fromFile} → ${e.toFile}`);
    if (problems.length) {
      console.error(problems.join('\n'));
      console.error('\nCada ciclo se desfaz com um evento, com a regra no módulo dono, ou passando a dependência como argumento.');
      process.exit(1);
    }
    console.log(`module graph: ${new Set(g.edges.map((e) => e.from)).size} modules, no cycle`);
  } else {
    const big = lineCounts(['apps/server/src', 'apps/web/src', 'packages/shared/src']).filter((f) => f.lines > 300).sort((a, b) => b.lines - a.lines);
    console.log(`imports across modules: ${g.edges.length} over ${g.pairs.size} pairs`);
    console.log(`  of them past a front door (not index.ts): ${g.pastFrontDoor.length}`);
    console.log(`pairs importing each other: ${g.mutual.length}`);
    console.log(`cycles: ${g.sccs.length ? g.sccs.map((c) => `[${c.length}] ${c.join(' ')}`).join('\n        ') : 'none'}`);
    console.log(`platform/ importing modules: ${g.intoPlatformFromModules.length}`);
    console.log(`source files over 300 lines: ${big.length}`);
    for (const b of big) console.log(`  ${b.lines}\t${b.file}`);
  }
}
