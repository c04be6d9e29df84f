import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The accessibility guard every browser test runs through (test/browser/shell-helpers.ts openApp): axe-core on each
 * page, failing on serious or critical violations. Moderate and minor findings (mostly best-practice rules such as
 * "region") are left to review, as they do not stop anyone from using a screen.
 */

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Parts of the page axe does not look at. Each entry must say why; only third-party markup we cannot change belongs
 * here, never our own components.
 */
export const A11Y_EXCLUDED_SELECTORS: readonly string[] = [];

export interface A11yViolation {
  rule: string;
  impact: string;
  target: string;
  /** The element's opening markup, shortened: ids are generated, so the target alone may not say which one. */
  html: string;
  help: string;
}

/**
 * Lets the page's finite animations and transitions end (a notification fading in, a button's colour change after
 * a click), at most a second: axe measures colours as they are at that instant, and half-way through a fade a
 * notification's text is paler than it will be. Endless ones (spinners) are not waited for. Two frames pass first:
 * a class changed just before (a button that stops being primary as the route changes) has not started its
 * transition until the browser has restyled, and would otherwise be measured half-way, white on pale.
 */
const SETTLE_ANIMATIONS = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))).then(() => Promise.race([
  Promise.all(document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))),
  new Promise((resolve) => setTimeout(resolve, 1000)),
])).then(() => true)`;

const HAS_AXE = 'typeof window.axe?.run === "function"';

/**
 * After a check, the document is marked unchanged until anything in it changes (an element, an attribute, a text).
 * A page closed unchanged since its last check (a test that opened a screen and only read it) is not checked again:
 * axe would find what it found a moment ago, and each check costs a few hundred milliseconds of every browser test.
 */
const WATCH_FOR_CHANGES = `(() => {
  window.__a11yUnchanged = true;
  if (!window.__a11yWatch) {
    window.__a11yWatch = new MutationObserver(() => { window.__a11yUnchanged = false; });
    window.__a11yWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }
})()`;
const UNCHANGED_SINCE_CHECKED = 'window.__a11yUnchanged === true';

/**
 * axe-core's source (over half a megabyte) into each frame that does not hold it yet. AxeBuilder evaluates the whole
 * source twice per analyze(), which was most of a check's time; injected here once per document, the builder is then
 * handed an empty statement as its source. A document checked twice (mid-test and at close) compiles axe once.
 */
async function injectAxeOnce(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(HAS_AXE))) await frame.evaluate(axeCore.source);
  }
}

/** The serious and critical violations on the page as it is now, one entry per offending element. */
export async function findA11yViolations(page: Page): Promise<A11yViolation[]> {
  // The page as it settles, not mid-call: the page-wide loading overlay (a veil over everything, seen only) would
  // make axe measure every colour through it. A call still running after a few seconds is checked as it is.
  await page.locator('[data-testid="spinner"]').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(SETTLE_ANIMATIONS);
  await injectAxeOnce(page);
  // Legacy mode runs axe inside the page itself: the app has no cross-origin frames, and the default mode opens an
  // extra blank page in the test's browser context to merge frame results.
  // Only violations are read, so axe need not collect every passing node (much faster on large tables).
  let builder = new AxeBuilder({ page, axeSource: ';' }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of A11Y_EXCLUDED_SELECTORS) builder = builder.exclude(selector);
  const results = await builder.analyze();
  await page.evaluate(WATCH_FOR_CHANGES).catch(() => undefined);
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact ?? '',
        target: n.target.map(String).join(' >> '),
        html: n.html.length > 160 ? `${n.html.slice(0, 160)}…` : n.html,
        help: `${v.help} (${v.helpUrl})`,
      })),
    );
}

export function formatA11yViolations(where: string, violations: A11yViolation[]): string {
  const lines = violations.map((v) => `  - [${v.impact}] ${v.rule} at ${v.target}: ${v.help}\n      ${v.html}`);
  return `accessibility violations on ${where}:\n${lines.join('\n')}`;
}

/** Throws with the list of serious/critical violations, if there are any. */
export async function expectNoA11yViolations(page: Page, where = page.url()): Promise<void> {
  const violations = await findA11yViolations(page);
  if (violations.length) throw new Error(formatA11yViolations(where, violations));
}

const guarded = new WeakSet<BrowserContext>();

/**
 * Makes `context.close()` check every page still open in the context first, so each test's final screen is checked
 * without every test having to ask. The context is closed either way; the violations are thrown afterwards.
 */
export function guardContextA11y(context: BrowserContext): void {
  if (guarded.has(context)) return;
  guarded.add(context);
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    const problems: string[] = [];
    for (const page of context.pages()) {
      if (page.isClosed() || !page.url().startsWith('http')) continue;
      if (await page.evaluate(UNCHANGED_SINCE_CHECKED).catch(() => false)) continue;
      // One retry: a check that starts while the page is navigating loses its script.
      const violations = await findA11yViolations(page)
        .catch(() => new Promise((r) => setTimeout(r, 250)).then(() => findA11yViolations(page)))
        .catch((err: Error) => {
          problems.push(`the accessibility check could not run on ${page.url()}: ${err.message}`);
          return [];
        });
      if (violations.length) problems.push(formatA11yViolations(page.url(), violations));
    }
    await close(...args);
    if (problems.length) throw new Error(problems.join('\n'));
  };
}
