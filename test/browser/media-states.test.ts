import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { stubApi, tiles, waitFor } from './media-helpers';
import { openApp } from './shell-helpers';

/**
 * The media manager's photo states against the stand-in photos API: a photo whose variants could not be made shows
 * an error tile with its title and nothing polls for it; each tile's icon buttons are named after its photo; deleting
 * the last photos of the last page moves to the page before instead of leaving an empty one.
 */
const web = webSuite();
let token: string;

beforeAll(async () => {
  token = await tokenFor(['editor'], { fullName: 'Eddie Editor' });
});

describe('media manager: photo states (stand-in photos API)', () => {
  it('a failed photo shows an error tile with its title, and the list is not polled for it; icon buttons name their photo', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login', { token });
    const api = stubApi(page);
    const fort = api.photos.find((p) => p.title === 'Fort at dusk')!;
    Object.assign(fort, { status: 'failed', urlBig: null, urlMedium: null, urlSmall: null });
    await api.install();
    await page.goto('/mediamanager');
    await page.getByTestId('media-grid').waitFor();
    const tile = page.locator(`[data-testid=media-tile][data-photo-id="${fort.id}"]`);
    expect(await tile.getAttribute('data-status')).toBe('failed');
    const face = tile.getByTestId('media-failed');
    expect(await face.textContent()).toContain('Fort at dusk');
    expect(await face.textContent()).toContain('Could not process this photo');
    expect(await tile.getByTestId('media-processing').count()).toBe(0);
    // Not processing: nothing waits for it.
    const asked = api.listBodies.length;
    await new Promise((r) => setTimeout(r, 4_000));
    expect(api.listBodies.length).toBe(asked);

    await tile.getByRole('button', { name: 'Edit Fort at dusk' }).waitFor();
    await tile.getByRole('button', { name: 'Delete Fort at dusk' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deleting every photo of the last page (the list still answering them a moment) goes back a page', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/account/login', { token });
    const api = stubApi(page, { lagDeletes: true });
    for (const p of api.photos) p.usedInTours = [];
    await api.install();
    await page.goto('/mediamanager');
    await page.getByTestId('media-grid').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await waitFor(async () => (await tiles(page).count()) === 2, 'the two photos of page 2');
    for (let left = 2; left > 0; left--) {
      await tiles(page).nth(0).getByTestId('media-delete').click();
      await page.getByTestId('media-delete-confirm').click();
      await page.getByTestId('media-delete-dialog').waitFor({ state: 'detached' });
    }
    // Page 1, full, instead of an empty page 2.
    await waitFor(async () => (await tiles(page).count()) === 12, 'the twelve photos of page 1');
    expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('media-empty').count()).toBe(0);
    await waitFor(async () => (api.listBodies.at(-1) as { page: number }).page === 1, 'page 1 asked for');
    expect(errors).toEqual([]);
    await context.close();
  });
});
