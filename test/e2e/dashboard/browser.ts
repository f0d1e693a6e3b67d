import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium (scripts/lib.sh ensure_chromium installs it); CHROMIUM_PATH overrides. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../../test-results/screenshots/', import.meta.url),
);

/** One headless browser for the whole file (start-up is the expensive part). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      '--no-first-run',
    ],
  });

/** Saves a full-page screenshot as test-results/screenshots/<name>.png. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
};
