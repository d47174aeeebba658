import fs from 'node:fs'; import z from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const { pageFiles } = await import('./bundle-size.mjs');
const d = '/tmp/dist-sm';
const m = JSON.parse(fs.readFileSync(d + '/.vite/manifest.json'));
const sizes = {};
for (const f of pageFiles(m, process.argv.slice(2))) {
  const code = fs.readFileSync(d + '/' + f, 'utf8'); const lines = code.split('\n');
  const map = new TraceMap(JSON.parse(fs.readFileSync(d + '/' + f + '.map', 'utf8')));
  const ms = []; eachMapping(map, (x) => ms.push(x));
  const parts = {};
  for (let i = 0; i < ms.length; i++) { const a = ms[i], b = ms[i + 1];
    const end = b && b.generatedLine === a.generatedLine ? b.generatedColumn : lines[a.generatedLine - 1].length;
    const k = (a.source ?? '?').replace(/.*node_modules\//, '').replace(/^(@[^/]+\/[^/]+|[^/]+).*/, '$1').replace(/^\.\.\/.*/, 'src');
    (parts[k] ??= []).push(lines[a.generatedLine - 1].slice(a.generatedColumn, end)); }
  for (const [k, v] of Object.entries(parts)) sizes[k] = (sizes[k] ?? 0) + z.gzipSync(v.join('')).length;
}
console.log(Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${(v / 1024).toFixed(1).padStart(7)} ${k}`).join('\n'));
