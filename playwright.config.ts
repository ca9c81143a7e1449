import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Two servers on fresh embedded databases: the site as players see it, and one started without an agency.
// E2E_PORT lets two checkouts on one machine run their journeys side by side (the second server takes the next port).
const port = Number(process.env.E2E_PORT || 4173);
const noAgencyPort = port + 1;
process.env.E2E_NO_AGENCY_URL ??= `http://127.0.0.1:${noAgencyPort}`;
// The config is evaluated again in every worker: the run id set here first keeps the paths the same there.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
const fresh = (name: string) => join(tmpdir(), `lao-e2e-${process.env.E2E_RUN_ID}-${name}`);
// Where the site under test keeps its embedded database: journeys run the operator command against it.
process.env.E2E_SITE_DATA_DIR ??= fresh('site');
const siteDataDir = process.env.E2E_SITE_DATA_DIR;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed journey keeps its trace: each action's DOM snapshot, the network and the console. Without
    // the screencast, which cost more CPU than the page itself (software rendering, no GPU here): a
    // journey took 18 s with it and 12-14 s without, alone on this machine. The failure's screenshot is
    // kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // The journeys meet the network as it is: no service worker answers their pages from its caches, and
    // network mocks (page.route) and the failed-request watch (fixtures.ts) see every request. Only
    // serviceWorker.spec.ts allows the worker.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' },
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } } },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/v2/agency/info`,
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: siteDataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        REGISTRATIONS_PER_IP_PER_HOUR: '100000',
        // A journey's bank account is minutes old: no "new account" flag here. Only withdrawals of at most
        // 100 THB are automatic, so the journeys that withdraw more still meet the operator.
        AUTO_WITHDRAW_NEW_ACCOUNT_HOURS: '0',
        AUTO_WITHDRAW_MAX_SATANG: '10000',
      },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${noAgencyPort}/`,
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(noAgencyPort),
        HOST: '127.0.0.1',
        DATA_DIR: fresh('no-agency'),
        DATABASE_URL: '',
        SEED_AGENCY: 'false',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
