import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { RegisterUserCommand } from '@tbo/identity';
import { KNEX, systemContext, type Role } from '@tbo/kernel';
import { findUserByEmail } from '@tbo/read-models';
import { expectNoA11yViolations, guardContextA11y } from '../support/a11y';
import { watchPageErrors } from '../support/browser';

/** Shared by the shell browser tests (test/browser/shell-*.test.ts). */
export const TEST_PASSWORD = 'ShellTest!2026';

export interface ShellUser {
  email: string;
  fullName: string;
  roles: Role[];
}

/** Registers users through the identity commands and waits until sign-in can see them (the users read model). */
export async function createUsers(app: INestApplication, users: ShellUser[]): Promise<void> {
  const bus = app.get(CommandBus);
  const db = app.get<Knex>(KNEX);
  for (const u of users) {
    await bus.execute(
      new RegisterUserCommand(
        { email: u.email, fullName: u.fullName, password: TEST_PASSWORD, roles: u.roles, supplierId: null, agencyId: null, isAgencyAdmin: false },
        systemContext('shell-browser-test'),
      ),
    );
  }
  const deadline = Date.now() + 20_000;
  for (const u of users) {
    while (!(await findUserByEmail(db, u.email))) {
      if (Date.now() > deadline) throw new Error(`user ${u.email} never reached the users read model`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A fresh browser context on the app. With `token` and/or `lang`, `path` is the first page loaded, with them already
 * in the app's local storage (see gotoWithStorage). The opened screen is checked with axe-core
 * (test/support/a11y.ts), and closing the context checks every page still open in it.
 */
export async function openApp(
  browser: Browser,
  baseUrl: string,
  path: string,
  opts: { token?: string; lang?: 'en' | 'ru'; width?: number; height?: number; acceptDownloads?: boolean } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 768 },
    acceptDownloads: opts.acceptDownloads,
  });
  context.setDefaultTimeout(10_000);
  guardContextA11y(context);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const trouble: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') trouble.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => trouble.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().includes('/api/')) trouble.push(`status ${r.status()}: ${r.url()}`);
  });
  /** The app has rendered (the shell's header is there); otherwise say what went wrong. */
  const rendered = async (where: string) => {
    try {
      await page.locator('header.app-header').waitFor({ timeout: 15_000 });
    } catch (err) {
      throw new Error(`the app did not render at ${where}: ${[...errors, ...trouble].join(' | ') || 'no errors seen'} (${(err as Error).message})`);
    }
  };
  await gotoWithStorage(page, path, { token: opts.token, lang: opts.lang });
  await rendered(path);
  await expectNoA11yViolations(page, path).catch(async (err: Error) => {
    await context.close().catch(() => undefined);
    throw err;
  });
  return { context, page, errors };
}

/**
 * Opens `path` as a returning visitor whose browser holds the sign-in token and the language: they are written into
 * local storage just before the page's own scripts run, on this first load only (a later sign-out stays signed out).
 * Cheaper than loading another screen first to write them, or than a context storage state (a hidden page per context).
 */
export async function gotoWithStorage(page: Page, path: string, values: { token?: string; lang?: string }, options?: Parameters<Page['goto']>[1]): Promise<void> {
  const seeding = await page.addInitScript(storageScript(values));
  try {
    await page.goto(path, options);
  } finally {
    await seeding.dispose();
  }
}

/** A script writing the given local storage keys (the root tsconfig has no DOM types, so the script is text). */
function storageScript(values: Record<string, string | undefined>): string {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return `(${JSON.stringify(entries)}).forEach(([k, v]) => localStorage.setItem(k, v))`;
}

/** Writes local storage keys. */
export async function setStorage(page: Page, values: Record<string, string | undefined>): Promise<void> {
  await page.evaluate(storageScript(values));
}

export async function getStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`) as Promise<string | null>;
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * The header's menus as the user sees them: a plain link is its path; a dropdown is "Label: path, path, ...",
 * read by opening it. Left to right.
 */
export async function headerMenus(page: Page): Promise<string[]> {
  await page.locator('.main-nav').waitFor();
  const items = page.locator('.main-nav__item');
  const result: string[] = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    const button = item.locator('button[aria-haspopup="menu"]');
    if (await button.count()) {
      await button.click();
      const menu = item.getByRole('menu');
      await menu.waitFor();
      const links = await linkList(menu.getByRole('menuitem'));
      result.push(`${(await button.textContent())?.trim()}: ${links.join(', ')}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    } else {
      const link = item.locator('a');
      result.push(`${(await link.textContent())?.trim()}=${await link.getAttribute('href')}`);
    }
  }
  return result;
}

/** Signs in through the form. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Holds the page's calls matching `pattern` until the answered release(): what the screen shows while a call runs. */
export async function holdRoute(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Signs out through the account menu (opened by the `menuButton` selector): back at sign-in, with no token kept. */
export async function signOutThroughMenu(page: Page, menuButton: string): Promise<void> {
  await page.locator(menuButton).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((u) => u.pathname === '/account/login');
  expect(pathOf(page)).toBe('/account/login');
  expect(await getStorage(page, 'token')).toBeNull();
}

/**
 * Waits until a JavaScript expression is true in the page. (page.waitForFunction compiles its text with `new
 * Function` once it has to poll, which the API's Content-Security-Policy forbids; page.evaluate is not subject to it.)
 */
export async function waitUntil(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(`!!(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Links as "text=href", in order. */
export async function linkList(links: Locator): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < (await links.count()); i++) out.push(`${(await links.nth(i).textContent())?.trim()}=${await links.nth(i).getAttribute('href')}`);
  return out;
}

/** Retries `check` every 100 ms until it passes; after `timeoutMs` its last failure is thrown. */
export async function retryUntil(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
