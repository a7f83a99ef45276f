import type { Result } from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../playwright.config';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** One Lighthouse run (its defaults: mobile, simulated throttling) in a Chromium of its own, launched for it and ended after it. */
export async function lighthouseRun(url: string, categories: string[]): Promise<Result> {
  // ESM packages: Playwright's transform leaves `import()` as it is, so Node loads them as modules.
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}
