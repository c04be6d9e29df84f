import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { openApp } from './shell-helpers';

/**
 * The rich text editor (TipTap; spec 01 §1) on /controls: toolbar and keyboard formatting, links, paste cleaning,
 * and the value it reports and takes back (the itinerary stop description, which the page dumps). The editor's own
 * markup is checked with axe-core in each state the tests put it in; openApp checks the whole page when it opens
 * and when the context closes.
 */
const web = webSuite({ beforeClose: async () => context?.close() });
let context: BrowserContext;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  const { supplierId } = await registerTenants(web.app);
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId, fullName: 'Rita Richtext' });
  const token = await tokenFor(['admin'], { email: admin.email, fullName: 'Rita Richtext', supplierId });
  let pageErrors: string[];
  ({ context, page, errors: pageErrors } = await openApp(web.browser, web.baseUrl, '/controls', { token, lang: 'en', height: 900 }));
  errors = pageErrors;
  context.setDefaultTimeout(15_000);
  await page.getByTestId('itinerary-list').waitFor({ timeout: 30_000 });
}, 120_000);

/** Serious and critical axe findings inside the rich text editors on the page. */
async function editorViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).include('.tbo-rte').analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`);
}

/** Pastes HTML into the editor matched by `selector` the way a browser does (a paste event carrying text/html). */
async function pasteHtml(selector: string, html: string): Promise<void> {
  // The root tsconfig has no DOM types, so the script is text.
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text/html', ${JSON.stringify(html)});
    data.setData('text/plain', 'plain fallback');
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    document.querySelector(${JSON.stringify(selector)}).dispatchEvent(event);
  })()`);
}

/**
 * Waits until the editor's own selection agrees with the browser's. Chrome reports a caret move made by a key (End,
 * Shift+Home, Ctrl+A) in a later task; a key or button pressed before ProseMirror has read it acts on the old
 * selection (a person is never that fast, a test under load is).
 */
async function selectionSettled(): Promise<void> {
  // Polled from here: the app's Content-Security-Policy refuses the eval that waitForFunction polls with.
  const agrees = `(() => {
    const editor = document.activeElement && document.activeElement.editor;
    if (!editor) return false;
    const dom = getSelection();
    const { from, to, empty } = editor.state.selection;
    const bare = (text) => text.replace(/\\s+/g, '');
    return empty === dom.isCollapsed && bare(editor.state.doc.textBetween(from, to, '')) === bare(dom.toString());
  })()`;
  for (let tries = 0; !(await page.evaluate(agrees)); tries += 1) {
    if (tries === 100) throw new Error('the editor never took up the browser\'s selection');
    await page.waitForTimeout(20);
  }
}

const pressed = (toolbar: Locator, name: string) => toolbar.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
const dumpedStops = async (): Promise<{ description: string }[]> =>
  (JSON.parse((await page.getByTestId('demo-itinerary-value').textContent()) ?? '[]') as { stops: { description: string }[] }[])[0]?.stops ?? [];

describe('rich text editor', () => {
  it('formats with the toolbar and the keyboard and makes safe links', async () => {
    const editor = page.getByRole('textbox', { name: 'Sales description' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first();
    expect(await page.evaluate(`document.querySelector('.tbo-rte__body').offsetHeight`)).toBe(250);
    expect(await page.locator('.tbo-rte__placeholder').first().textContent()).toBe('What makes this tour special…');
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    expect(await editorViolations()).toEqual([]);

    // Keyboard: Ctrl+B, Ctrl+I, Ctrl+U switch marks on and off.
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Bold');
    expect(await pressed(toolbar, 'Bold')).toBe('true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' then ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('italic');
    await page.keyboard.press('Control+i');
    await page.keyboard.press('Control+u');
    await page.keyboard.type('under');
    await page.keyboard.press('Control+u');
    expect(await editor.innerHTML()).toBe('<p><strong>Bold</strong> then <em>italic</em><u>under</u></p>');
    expect(await page.locator('.tbo-rte__placeholder').count()).toBe(0);

    // Toolbar: a bulleted list, then a numbered one; selected text made bold and italic.
    await page.keyboard.press('Enter');
    await page.keyboard.type('one');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await pressed(toolbar, 'Bulleted list')).toBe('true');
    await page.keyboard.press('Enter');
    await page.keyboard.type('two');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // an empty item ends the list
    expect(await pressed(toolbar, 'Bulleted list')).toBe('false');
    await page.keyboard.type('first');
    await toolbar.getByRole('button', { name: 'Numbered list' }).click();
    expect(await pressed(toolbar, 'Numbered list')).toBe('true');
    await page.keyboard.press('Shift+Home');
    await selectionSettled();
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    expect(await editor.innerHTML()).toContain('<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p><strong><em>first</em></strong></p></li></ol>');
    // The focus stayed in the editor: typing replaces the selection.
    await page.keyboard.press('End');
    await selectionSettled();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await pressed(toolbar, 'Numbered list')).toBe('false');

    // A link on selected text from the toolbar: unsafe addresses are refused, a bare domain becomes https.
    await page.keyboard.type('site');
    await page.keyboard.press('Shift+Home');
    await selectionSettled();
    await toolbar.getByRole('button', { name: 'Link' }).click();
    const box = page.getByRole('dialog', { name: 'Link' });
    await box.getByLabel('Link address').fill('javascript:alert(1)');
    await box.getByRole('button', { name: 'Apply' }).click();
    await box.getByText('Enter a web address (http or https), an e-mail or a phone number').waitFor();
    await box.getByLabel('Link address').fill('example.com');
    await page.keyboard.press('Enter');
    await box.waitFor({ state: 'detached' });
    const site = editor.locator('a', { hasText: 'site' });
    expect([await site.getAttribute('href'), await site.getAttribute('target'), await site.getAttribute('rel')]).toEqual(['https://example.com', '_blank', 'noopener noreferrer nofollow']);

    // Ctrl+K with nothing selected inserts the address as a link; Tab then leaves the editor.
    await page.keyboard.press('End');
    await selectionSettled();
    await page.keyboard.type(' ');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('mail@example.com');
    await page.keyboard.press('Enter');
    await box.waitFor({ state: 'detached' });
    expect(await editor.locator('a', { hasText: 'mail@example.com' }).getAttribute('href')).toBe('mailto:mail@example.com');
    expect(await editor.innerHTML()).not.toContain('javascript:');

    // The link box shows the address of the link under the cursor and can remove it.
    await editor.locator('a', { hasText: 'site' }).click();
    await selectionSettled();
    await toolbar.getByRole('button', { name: 'Link' }).click();
    expect(await box.getByLabel('Link address').inputValue()).toBe('https://example.com');
    await box.getByRole('button', { name: 'Remove link' }).click();
    expect(await editor.locator('a', { hasText: 'site' }).count()).toBe(0);

    // Clear formatting removes marks and links, not the lists.
    await editor.click();
    await page.keyboard.press('Control+a');
    await selectionSettled();
    await toolbar.getByRole('button', { name: 'Clear formatting' }).click();
    const cleared = await editor.innerHTML();
    expect(cleared).not.toMatch(/<(strong|em|u|a)[\s>]/);
    expect(cleared).toContain('<ol><li><p>first</p></li></ol>');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(`document.querySelector('.tbo-rte__content').contains(document.activeElement)`)).toBe(false);

    // A value from outside (the form's Reset) replaces the text, and Ctrl+Z does not bring the old text back.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    expect(await editor.textContent()).toBe('');
    await editor.click();
    await page.keyboard.press('Control+z');
    expect(await editor.textContent()).toBe('');
    expect(await page.locator('.tbo-rte__placeholder').first().textContent()).toBe('What makes this tour special…');
    expect(errors).toEqual([]);
  }, 120_000);

  it('cleans pasted HTML and reports a value that comes back unchanged', async () => {
    const list = page.getByTestId('itinerary-list');
    await list.scrollIntoViewIfNeeded();
    await list.getByRole('button', { name: 'Add itinerary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add itinerary' });
    await dialog.getByLabel('Itinerary name').fill('Desert day');
    await dialog.getByLabel('Stop name').fill('Camp');
    const editor = dialog.getByRole('textbox', { name: 'Description' });
    await editor.fill('Meet at gate 3.');
    await page.keyboard.press('End');
    await selectionSettled();
    await pasteHtml(
      '[role=dialog] .tbo-rte__content',
      '<meta charset="utf-8"><style>p{color:red}</style><p onclick="window.__hit=1" style="color:red" class="x">Hi <b>there</b> <a href="javascript:window.__hit=2">bad</a><script>window.__hit=3</script><img src="x" onerror="window.__hit=4"></p><ul><li>item</li></ul>',
    );
    const html = await editor.innerHTML();
    expect(html).not.toMatch(/script|style|onclick|onerror|javascript|<img|class="x"|<a[\s>]/);
    expect(html).toContain('Hi <strong>there</strong> bad');
    expect(html).toContain('<ul><li><p>item</p></li></ul>');
    expect(await page.evaluate('window.__hit')).toBeUndefined();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stop = (await dumpedStops())[0] ?? { description: '' };
    expect(stop.description).toMatch(/^<p>Meet at gate 3\.Hi <strong>there<\/strong> bad<\/p><ul><li><p>item<\/p><\/li><\/ul>$/);

    // Opened again, the editor shows what it reported; looking at it reports nothing new.
    await list.getByRole('button', { name: 'Edit Desert day' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit itinerary' });
    const again = edit.getByRole('textbox', { name: 'Description' });
    expect(await again.innerHTML()).toBe(stop.description);
    await again.click();
    await page.keyboard.press('Tab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await dumpedStops())[0]?.description).toBe(stop.description);
    expect(errors).toEqual([]);
  }, 120_000);
});
