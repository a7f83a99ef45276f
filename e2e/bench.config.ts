import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Measurements, not tests: `pnpm --filter @blog/e2e bench` prints what each page costs a first-time visitor.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  timeout: 120_000,
});
