import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
// The per-role journeys (e2e/roles) get a server of their own on the next port, started from a fresh demo
// seed: its data dir is emptied first, and the other journeys never touch it.
const rolesPort = port + 1;
const rolesDataDir = `${dataDir}-roles`;
const serverEnv = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
};

// Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'journeys', testIgnore: 'roles/**' },
    { name: 'roles', testMatch: 'roles/**/*.spec.ts', use: { baseURL: `http://127.0.0.1:${rolesPort}` } },
  ],
  webServer: [
    {
      command: `node --import tsx packages/server/src/main.ts --port ${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        DATA_DIR: dataDir,
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: '' }),
      },
    },
    {
      command: `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" ${JSON.stringify(rolesDataDir)} && node --import tsx packages/server/src/main.ts --port ${rolesPort}`,
      cwd: '..',
      url: `http://127.0.0.1:${rolesPort}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, DATA_DIR: rolesDataDir, DATABASE_URL: '', SEED_DEMO: '1' },
    },
  ],
});
