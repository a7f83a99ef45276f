import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download is not available on these machines.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every run starts it: as root in a container, and quiet (no background traffic to skew what is measured). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // One worker: the tests share one CMS and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
    trace: 'retain-on-failure',
  },
});
