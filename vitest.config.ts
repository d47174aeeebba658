import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. `npx vitest run` from the root runs both projects.
 * - shared: pure rules of packages/shared.
 * - server: the Fastify app through app.inject(); on PostgreSQL when DATABASE_URL is set (one database
 *   per test file, cloned from a template prepared by the global setup), otherwise on PGlite in memory.
 * - web: React components of apps/web rendered in happy-dom with Testing Library.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: '.',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: '.',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Building an app (database, migrations, pg-boss) takes a few seconds on PGlite.
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: '.',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/vitest.setup.ts'],
        },
      },
    ],
  },
});
