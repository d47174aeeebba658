import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * Web boundaries (issue 10, in the style of bulletproof-react's `no-restricted-paths`):
 * - a feature imports only itself, `ui/`, `lib/` and another feature's public surface, its
 *   `index.ts` (never `../../other/components/...` nor `../../other/api`);
 * - `ui/` and `lib/` import no feature and not `app/`;
 * - `app/` (router, shell) imports a feature's public surface or its route pages (`pages/`);
 * - no import cycles in the web app.
 * - `call` of the one API client only in a feature's api.ts (below).
 * apps/web/src/boundaries.test.tsx lints sample violations with this configuration: each must fail.
 */
const WEB = './apps/web/src';
const FEATURES = readdirSync(path.join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const publicSurfaces = (except = []) => FEATURES.filter((f) => !except.includes(f)).map((f) => `./${f}/index.ts`);

export const boundaryZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`, ...publicSurfaces([feature])],
    message: 'A feature imports only the public index.ts of another feature; what two features share goes to ui/ or to that index.ts.',
  })),
  {
    target: [`${WEB}/ui`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'ui/ and lib/ import no feature and not app/.',
  },
  {
    target: `${WEB}/app`,
    from: `${WEB}/features`,
    except: [...publicSurfaces(), ...FEATURES.map((f) => `./${f}/pages`)],
    message: "app/ imports only a feature's public index.ts or its route pages (pages/).",
  },
];

/**
 * Server boundaries: a module (apps/server/src/modules/<name>) imports only itself, another module's front door
 * (its index.ts), platform/ and db/ (the schema: every table, read by anyone, written only by its owner, a test scans
 * that); platform/ imports no module. tools/module-graph.mjs --check (in `npm run lint`) fails on a cycle between
 * modules. apps/server/test/boundaries.test.ts lints sample violations with this configuration.
 */
const SERVER = './apps/server/src';
const SERVER_MODULES = readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
export const serverBoundaryZones = [
  ...SERVER_MODULES.map((name) => ({
    target: `${SERVER}/modules/${name}`,
    from: `${SERVER}/modules`,
    except: [`./${name}`, ...SERVER_MODULES.filter((m) => m !== name).map((m) => `./${m}/index.ts`)],
    message: "A module imports another module only through its front door (index.ts); another module's tables through db/schema.",
  })),
  {
    target: `${SERVER}/platform`,
    from: `${SERVER}/modules`,
    message: 'platform/ imports no module: a module hands platform what it needs (a decorator, an argument, an event).',
  },
];
/** A table definition (`*.tables.ts`, the schema layer) imports other tables for its foreign keys, and no module logic. */
const TABLE_FILES = readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { recursive: true })
  .filter((f) => f.endsWith('.tables.ts'))
  .map((f) => `./${f}`);
export const serverTableZones = [
  { target: `${SERVER}/modules`, from: `${SERVER}/modules`, except: TABLE_FILES, message: 'A table imports only other tables (its foreign keys).' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too (no-cycle follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaryZones }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.tables.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverTableZones }] },
  },
  {
    // Every API call goes through its feature's api.ts (one key factory per feature): `call` of the
    // one client is imported only there (and by lib/, the client's own home).
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    ignores: [
      '**/api.ts',
      '**/*-api.ts',
      '**/*.test.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api'],
              importNames: ['call', 'callFile'],
              message: "API calls live in the feature's api.ts (with its query-key factory); import a function from there.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tools/**/*.mjs', 'apps/server/build.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortSignal: 'readonly' } },
  },
);
