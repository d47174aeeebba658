import { readdirSync } from 'node:fs';
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
 * The fixture in tools/lint-fixtures/ and test/lint-boundaries.test.ts show that a violation fails.
 */
const WEB = './apps/web/src';
const FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
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

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'tools/lint-fixtures/**'] },
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
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['tools/**/*.mjs', 'apps/server/build.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
  },
);
