import { defineConfig } from '@playwright/test';
import { fakeAiEnv } from './e2e/fake-ai';
import { fakeStockEnv } from './e2e/fake-stock';

const port = process.env.E2E_PORT ?? '3199';

export default defineConfig({
  testDir: './e2e',
  // Generous for a loaded machine (CI shares its 2 cores): a journey of ~20 s on a quiet one took 3× that under load.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node tools/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The AI generator talks to the fake chat API that e2e/ai-activities.spec.ts starts (see e2e/fake-ai.ts);
    // the stock-photo search to the fake Pixabay a spec starts with startFakeStock() (see e2e/fake-stock.ts).
    env: { ...fakeAiEnv(), ...fakeStockEnv() },
  },
});
