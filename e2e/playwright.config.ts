import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT, TEST_ADMIN_EMAILS, TEST_AUTH_SECRET, runDataDir } from './support/env';

const isCI = Boolean(process.env.CI);
const root = path.resolve(import.meta.dirname, '..');

/** Debian's Chromium flags (see docs): headless, no sandbox in containers, nothing phoning home. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  // Two workers: one for the call specs of tests/media (one at a time, see the projects) and one for the rest. With
  // three, a CI run with the BP specs loaded the two cores past 40 and the other specs' own servers timed out.
  workers: 2,
  retries: isCI ? 1 : 0,
  // A test's whole budget: CI's two cores run the server, two workers' browsers and the calls' encoders, and specs of
  // a dozen steps ran out of 30 s there on a step that took 1 s alone (live-round, chat-lock). A margin, not a budget.
  timeout: isCI ? 60_000 : 30_000,
  // CI's two cores run two browsers' workers, the server and, in the round tests, four video calls: a page that
  // answers in 1 s on a quiet machine can take several there. Ten seconds is a margin, not a budget.
  expect: { timeout: isCI ? 10_000 : 5_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  // One server and database serve every spec. The topic specs change the current topic, so they wait until the
  // public-page specs (which expect the seeded default topic) are done; everything else runs alongside.
  // The community chat spec starts from an empty chat, so the specs that write there (blocks, the text filter's)
  // wait for it.
  // The specs in tests/media run calls with fake cameras (up to eight browsers each): two at once on two cores starve
  // each other's encoders and time out, so they run one at a time, from the start, beside the others.
  // The nine-browser BP room (tests/media/bp-room.spec.ts) loads the two cores alone past 20: it runs last, by itself,
  // once every other project is done, so that no other spec times out beside it.
  projects: [
    { name: 'media', testMatch: /\/media\/.*\.spec\.ts/, testIgnore: /bp-room\.spec\.ts/, workers: 1 },
    { name: 'public', testMatch: /public-pages\.spec\.ts/ },
    { name: 'chat', testMatch: /\/chat\.spec\.ts/ },
    { name: 'chromium', testIgnore: [/(public-pages|topics|\/chat|blocks|text-filter)\.spec\.ts/, /\/media\//] },
    { name: 'topics', testMatch: /topics\.spec\.ts/, dependencies: ['public'] },
    { name: 'blocks', testMatch: /(blocks|text-filter)\.spec\.ts/, dependencies: ['chat'] },
    {
      name: 'crowd',
      testMatch: /\/media\/bp-room\.spec\.ts/,
      dependencies: ['media', 'public', 'chat', 'chromium', 'topics', 'blocks'],
    },
  ],
  webServer: {
    // The BUILT app (npm run build), as users run it, on a fresh SQLite database in a temporary folder.
    command: 'node e2e/support/start-server.mjs',
    cwd: root,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: runDataDir(),
      DATABASE_URL: '',
      ADMIN_EMAILS: TEST_ADMIN_EMAILS.join(','),
      AUTH_SECRET: TEST_AUTH_SECRET,
      // Every test signs up from 127.0.0.1: the per-IP sign-in/sign-up limit must not trip across the suite.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      SIGNUP_DAILY_LIMIT_PER_IP: '100000',
      HELP_FORM_URL: '',
      ROOM_LINKS: '',
      LOG_LEVEL: 'warn',
    },
  },
});
