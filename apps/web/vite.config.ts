import { promisify } from 'node:util';
import path from 'node:path';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups, PROBE_MODE } from './chunk-groups';
import { contractClient } from './contract-client';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text file of the build of 1 KB or more, so the
 * server sends them as they are (`preCompressed` in apps/server/src/app.ts) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The config's mode of the student viewer's build. */
export const STUDENT_MODE = 'student';
/** The viewer build's manifest, beside the app's (tools/bundle-size.mjs reads both). */
export const STUDENT_MANIFEST = '.vite/manifest-student.json';

/**
 * After the app's build, the student viewer's (student.html → src/student-main.tsx) into the same folder: a build of its
 * own, so the two share no chunk — the viewer (opened on phones, from share links and LMSs) loads none of the app's
 * Mantine, router or session, and the app's chunk groups (chunk-groups.ts) do not bend around the viewer's budget.
 */
function studentViewer(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'student-viewer',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: STUDENT_MODE,
        logLevel: config.logLevel,
        build: { outDir: path.resolve(config.root, config.build.outDir), emptyOutDir: false, sourcemap: config.build.sourcemap },
      });
    },
  };
}

/** `vite` (dev): the viewer's paths answer student.html, as the API's server does in production (platform/errors.ts). */
function studentViewerInDev(): Plugin {
  return {
    name: 'student-viewer-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?', 2);
        if (pathname === '/student/link' || pathname === '/student/lms') req.url = `/student.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === STUDENT_MODE) {
    return {
      plugins: [react(), precompress(), contractClient()],
      build: {
        manifest: STUDENT_MANIFEST,
        chunkSizeWarningLimit: 900,
        rolldownOptions: { input: { student: path.resolve(import.meta.dirname, 'student.html') } },
      },
    };
  }
  // The first of the two builds (chunk-groups.ts) runs without the groups.
  const groups = mode === PROBE_MODE ? undefined : chunkGroups();
  return {
    plugins: [react(), precompress(), contractClient(), studentViewerInDev(), ...(groups ? [groups.plugin, studentViewer()] : [])],
    server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
    // The manifest lets tools/bundle-size.mjs compute what each page loads (and fail over budget).
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 900,
      manifest: true,
      // A few long-lived chunks per page instead of one per combination of pages: chunk-groups.ts. A chunk Rolldown
      // names after several modules (`a~b~c`) keeps the first name: the file names are listed in the entry.
      rolldownOptions: groups
        ? { output: { codeSplitting: groups.codeSplitting, chunkFileNames: (c: { name: string }) => `assets/${c.name.split('~')[0]}-[hash].js` } }
        : {},
    },
  };
});
