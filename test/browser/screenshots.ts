import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Writes `<name>.png` of the page; `fullPage` overrides the default the file chose. */
export type Shoot = (page: Page, name: string, fullPage?: boolean) => Promise<void>;

/**
 * Screenshots for a person to look at, written only when the environment variable `envName` names a folder
 * (e.g. STAFF_SHOTS=<dir>): a test run without it takes none, so they never slow the suite down.
 */
export function screenshotsTo(envName: string, options: { fullPage?: boolean } = {}): Shoot {
  return async (page, name, fullPage = options.fullPage ?? false) => {
    const dir = process.env[envName];
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
  };
}
