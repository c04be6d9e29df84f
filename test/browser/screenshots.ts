import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Writes `<name>.png` of the page; `fullPage` overrides the default the file chose. */
export type Shoot = (page: Page, name: string, fullPage?: boolean) => Promise<void>;

/** The environment variable naming the folder every browser suite writes its screenshots to. */
const SHOTS_ENV = 'SHOTS_DIR';

/** The screenshots folder of this run, or undefined when none was asked for. */
export const shotsDir = (): string | undefined => process.env[SHOTS_ENV] || undefined;

/**
 * Screenshots for a person to look at, written only when SHOTS_DIR names a folder (`SHOTS_DIR=<dir> npm test`, or
 * one suite): a test run without it takes none, so they never slow the suite down. Names are unique across suites.
 */
export function screenshotsTo(options: { fullPage?: boolean } = {}): Shoot {
  return async (page, name, fullPage = options.fullPage ?? false) => {
    const dir = shotsDir();
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
  };
}
