// Bundles the server into dist/main.js (our workspace code inlined, npm packages external) and
// copies the migrations and the SCORM SCO's script (a static file) next to it.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});
// BUILD_TAG builds into dist-<tag> so parallel e2e runs do not overwrite each other's build.
const out = path.join(here, process.env.BUILD_TAG ? `dist-${process.env.BUILD_TAG}` : 'dist');

await build({
  // The server, and the LTI key rotation command (`npm run lti:rotate-key`).
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'lti-rotate-key': path.join(here, 'src/lti-rotate-key.ts'),
    // `npm run storage:migrate`: the uploads folder into the bucket.
    'storage-migrate': path.join(here, 'src/storage-migrate.ts'),
    // `npm run admin:create`: an administrator account (the first one of a production start).
    'admin-create': path.join(here, 'src/admin-create.ts'),
    // `npm run backup`, `npm run restore`: the database and the files into a folder and back.
    backup: path.join(here, 'src/backup.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
fs.rmSync(path.join(out, 'migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
// The SCORM package's SCO script: read as text at run time, next to the bundle (scorm-package.ts).
fs.copyFileSync(path.join(here, 'src/modules/delivery/sco-runtime.js'), path.join(out, 'sco-runtime.js'));
console.log(`server built: ${path.relative(path.join(here, '../..'), out)}/main.js`);
