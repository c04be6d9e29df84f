import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startApi } from './api';

/** Chromium from the system (Playwright cannot download its own browsers here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium floods the closed network with refused connections.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The whole product at one address: the API serving the built frontend (built once per run in global-setup). */
export async function startWeb(): Promise<{ app: INestApplication; baseUrl: string }> {
  const { app } = await startApi();
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/** Fails the test on any uncaught error in the page, which a person would see as a broken screen. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** What a browser test file shares: the product (see startWeb) and one browser, set up once per file. */
export interface WebSuite {
  readonly app: INestApplication;
  readonly baseUrl: string;
  readonly browser: Browser;
}

/** Starting Nest and Chromium on a machine busy with other test files takes much longer than jest's default. */
const SUITE_SETUP_MS = 120_000;

/**
 * Registers the file's set-up and tear-down (call it at the top level, before the file's own beforeAll, which then
 * sees a running app): the API serving the built client, unless `api: false`, and one browser. `beforeClose` runs
 * before the browser closes (for contexts a file keeps open across tests). `testTimeoutMs` gives the file's tests
 * longer than jest's minute (whole-screen flows on two cores shared by several runs).
 */
export function webSuite(opts: { api?: boolean; beforeClose?: () => Promise<unknown>; testTimeoutMs?: number } = {}): WebSuite {
  if (opts.testTimeoutMs) jest.setTimeout(opts.testTimeoutMs);
  let web: { app: INestApplication; baseUrl: string } | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (opts.api !== false) web = await startWeb();
    browser = await launchBrowser();
  }, SUITE_SETUP_MS);
  // Everything is closed even when beforeClose throws (openApp's accessibility check fails there): an app left
  // running would keep its projection runners going into the next test file of this process.
  afterAll(async () => {
    try {
      await opts.beforeClose?.();
    } finally {
      await browser?.close().catch(() => undefined);
      await web?.app.close();
    }
  }, SUITE_SETUP_MS);
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`webSuite: ${what} is not set up (used outside a test, or with api: false)`);
    return value;
  };
  return {
    get app() {
      return ready(web, 'the app').app;
    },
    get baseUrl() {
      return ready(web, 'the app').baseUrl;
    },
    get browser() {
      return ready(browser, 'the browser');
    },
  };
}

/** The API's envelope as a browser test reads it. */
export interface Envelope<T> {
  IsOk: boolean;
  Content: T;
  ErrorMessage: string | null;
}

/**
 * A JSON call to the product under test that must succeed (set-up data, checks behind the screen): its Content, or an
 * error naming the call, the status and the API's message.
 */
export async function fetchContent<T>(baseUrl: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok || !json.IsOk) throw new Error(`${method} ${path}: ${res.status} ${json.ErrorMessage}`);
  return json.Content;
}
