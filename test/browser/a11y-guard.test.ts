import type { Browser } from 'playwright-core';
import { expectNoA11yViolations, findA11yViolations, guardContextA11y } from '../support/a11y';
import { launchBrowser } from '../support/browser';

/**
 * The accessibility guard that every browser test goes through (openApp in shell-helpers.ts) really fails: fixture
 * pages with a serious violation are refused, with the rule, impact, element and help in the message, and a clean
 * page passes. No server is needed; the pages are set from text.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PAGE = (body: string) => `<!doctype html><html lang="en"><head><title>Fixture</title></head><body><main>${body}</main></body></html>`;

describe('the axe-core guard', () => {
  it('refuses an image without alternative text and names the rule, impact, element and help', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(PAGE('<h1>Photos</h1><img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
    const error = await expectNoA11yViolations(page, 'the fixture').then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain('accessibility violations on the fixture');
    expect(error?.message).toMatch(/\[critical\] image-alt at #no-alt: Images must have alternative text/);
    await context.close();
  });

  it('refuses a button without a name and low-contrast text', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(
      PAGE('<h1>Form</h1><button id="nameless"></button><p id="faint" style="color:#ccc;background:#fff">Hard to read</p>'),
    );
    const violations = await findA11yViolations(page);
    expect(violations.map((v) => `${v.impact} ${v.rule} ${v.target}`).sort()).toEqual([
      'critical button-name #nameless',
      'serious color-contrast #faint',
    ]);
    await context.close();
  });

  it('passes a clean page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(PAGE('<h1>Fine</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="A dot"><button>Save</button>'));
    await expect(expectNoA11yViolations(page)).resolves.toBeUndefined();
    await context.close();
  });

  it('checks every open page when a guarded context closes, and still closes it', async () => {
    const context = await browser.newContext();
    guardContextA11y(context);
    const clean = await context.newPage();
    await clean.goto(`data:text/html,${encodeURIComponent(PAGE('<h1>Fine</h1>'))}`);
    const bad = await context.newPage();
    // setContent leaves the page on about:blank, which the guard skips; a served page is what the tests open.
    await bad.route('http://fixture.test/**', (r) => r.fulfill({ contentType: 'text/html', body: PAGE('<h1>Bad</h1><button id="nameless"></button>') }));
    await bad.goto('http://fixture.test/screen');
    await expect(context.close()).rejects.toThrow(/accessibility violations on http:\/\/fixture\.test\/screen:\n {2}- \[critical\] button-name at #nameless/);
    expect(bad.isClosed()).toBe(true);
  });

  it('at close, checks again a page changed since its last check, and only such a page', async () => {
    const served = async (context: Awaited<ReturnType<Browser['newContext']>>) => {
      const page = await context.newPage();
      await page.route('http://fixture.test/**', (r) => r.fulfill({ contentType: 'text/html', body: PAGE('<h1>Fine</h1><button id="save">Save</button>') }));
      await page.goto('http://fixture.test/screen');
      await expectNoA11yViolations(page);
      return page;
    };
    // Unchanged since checked: closing does not run axe again (a run would now throw).
    const quiet = await browser.newContext();
    guardContextA11y(quiet);
    const unchanged = await served(quiet);
    await unchanged.evaluate('window.axe.run = () => Promise.reject(new Error("checked again"))');
    await expect(quiet.close()).resolves.toBeUndefined();
    // One attribute changed after the check (the button lost its name): closing checks again and refuses it.
    const busy = await browser.newContext();
    guardContextA11y(busy);
    const changed = await served(busy);
    await changed.evaluate(`document.getElementById('save').textContent = ''`);
    await expect(busy.close()).rejects.toThrow(/\[critical\] button-name at #save/);
  });
});
