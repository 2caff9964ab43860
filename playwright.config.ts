import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Journeys only: `*.test.ts` beside them are Vitest's tables of the journeys' pure helpers.
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  ...(process.env['CI'] ? { workers: 2 } : {}),
  retries: 0,
  // CI's two cores run two browsers, their stacks and the journeys' own stacks at once: a dialog
  // loaded on demand has been seen to take over 5 s there (the table booking at 360 px).
  // The same load doubles a journey that signs in on two devices and scans both screens (an
  // owner and a kitchen member, console-staff): 30 s was overrun there with every step passing.
  timeout: process.env['CI'] ? 60_000 : 30_000,
  expect: { timeout: process.env['CI'] ? 10_000 : 5_000 },
  reporter: process.env['CI'] ? 'list' : [['list'], ['html', { open: 'never', outputFolder: 'test-results/report' }]],
  outputDir: 'test-results/artifacts',
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
