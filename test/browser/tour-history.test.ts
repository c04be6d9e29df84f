import { CommandBus } from '@nestjs/cqrs';
import type { Page } from 'playwright-core';
import { blankTourFields, SaveTourCommand } from '@tbo/catalog';
import type { Knex } from 'knex';
import { waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, KNEX, systemContext, type EventStore } from '@tbo/kernel';
import { tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { unusedLanguageCodes } from '../support/reference';
import { openTourTab as openTab, tourField as field, tourForm as form } from './catalog-helpers';
import { openApp } from './shell-helpers';
import { shoot, tourSuite } from './tour-suite';

/**
 * One history table for tours and tickets (ui/history): dates as DD.MM.YYYY HH:MM in both languages, field labels
 * as the form shows them, ids as names (language, city, categories, origin, booking type), booleans as Yes/No,
 * itineraries as their stops, the creating save as one 'created' entry, and the seed's changes by 'System'.
 */

const s = tourSuite();
const { apiJson } = s;
type Option = { value: number; label: string };

const DATE_TIME = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;

/** The change row of a field in an entry: its label, before and after as shown. */
async function change(page: Page, entry: number, field: string) {
  const row = page.getByTestId('history-entry').nth(entry).locator(`[data-testid=history-change][data-field="${field}"]`);
  return { label: await row.getByTestId('history-field').textContent(), before: await row.getByTestId('history-before').textContent(), after: await row.getByTestId('history-after').textContent() };
}

/** No cell reads like JSON, a GUID or a bare true/false. */
async function expectReadable(page: Page) {
  for (const text of await page.getByTestId('history-list').locator('td').allTextContents()) {
    expect(text).not.toMatch(/^\[|^\{|"|[0-9a-f]{8}-[0-9a-f]{4}-|^(true|false)$/);
  }
}

/**
 * A random code that is no ISO language: Russian screens name a real one ('mlt') in Russian ('Мальтийский'), and
 * this test is about the saved name surviving. Node ships full ICU data and Chromium a trimmed copy, so a code Node
 * cannot name the browser cannot either.
 */
async function unusedCodeWithoutStandardName(db: Knex): Promise<string> {
  const names = new Intl.DisplayNames(['ru'], { type: 'language', fallback: 'none' });
  for (;;) {
    const [code] = await unusedLanguageCodes(db, 1);
    if (!names.of(code!)) return code!;
  }
}

describe('tour and ticket history', () => {
  it('reads as names, labels and DD.MM.YYYY HH:MM, in English and Russian', async () => {
    const tenant = await registerTenants(s.app);
    const token = await tokenFor(['admin'], { supplierId: tenant.supplierId, fullName: 'Hana History' });
    const dubai = (await apiJson<Option[]>('/api/cities/options', token)).body.Content.find((c) => c.label === 'Dubai')!;
    const cityTours = (await apiJson<Option[]>('/api/toursCategories/options', token)).body.Content.find((c) => c.label === 'City Tours')!;
    // A language of its own, which stops being offered before the history is read: the history still names it.
    const platform = await tokenFor(['superadmin'], { supplierId: null });
    const code = await unusedCodeWithoutStandardName(s.app.get<Knex>(KNEX));
    const saveLanguage = async (body: Record<string, unknown>) => {
      const saved = await apiJson<{ id: number; name: string; version: number; position: string }>('/api/languages', platform, { method: 'POST', body });
      expect(saved.status).toBe(200);
      await waitForProjection(s.app.get<Knex>(KNEX), s.app.get<EventStore>(EVENT_STORE), 'languages', saved.body.Content.position, 10_000);
      return saved.body.Content;
    };
    const language = await saveLanguage({ id: 0, name: `History ${code}`, code, isOffers: true, imgUrl: null });

    // The seed made the tour (its author is 'system:seed'), in one save.
    const stop = { index: 1, guid: '', itineraryId: 0, name: 'Creek', description: '', time: 540, timeEnd: 600, timeDescription: '09:00', timeEndDescription: '10:00', address: '', lat: null, lng: null };
    const seeded = (await s.app.get(CommandBus).execute(
      new SaveTourCommand(
        tenant.supplierId,
        0,
        { ...blankTourFields(), nameInternal: 'HIS-1', nameDisplay: 'History tour', url: 'history-tour', languageId: language.id, isTopTour: true, toursCategories: [cityTours.value], recommendedFor: [1], cityId: dubai.value, itineraries: [{ guid: '', id: 0, index: 1, tourId: 0, name: 'Programme', stops: [stop] }] },
        systemContext('seed'),
      ),
    )) as { id: number; position: string };
    const id = seeded.id;
    await apiJson(`/api/tours/manage/${id}?after=${seeded.position}`, token);

    // A person switches 'Top tour' off.
    const { page, errors } = await openApp(s.browser, s.baseUrl, `/tours/${id}`, { token });
    await form(page).waitFor();
    await field(page, 'Top tour').getByRole('switch').click();
    await page.getByTestId('tour-save').click();
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    await saveLanguage({ id: language.id, name: language.name, code, isOffers: false, imgUrl: null, version: language.version });
    await openTab(page, 'history');
    await page.getByTestId('history-event').filter({ hasText: 'Basic details changed' }).waitFor();

    // Two entries: the change, and the seed's creating save as one 'Tour created' (no empty section cards).
    expect(await page.getByTestId('history-event').allTextContents()).toEqual(['Basic details changed', 'Tour created']);
    for (const at of await page.getByTestId('history-at').allTextContents()) expect(at).toMatch(DATE_TIME);
    expect(await page.getByTestId('history-by').nth(1).textContent()).toBe('System');
    expect(await change(page, 0, 'isTopTour')).toEqual({ label: 'Top tour', before: 'Yes', after: 'No' });
    expect((await change(page, 1, 'languageId')).after).toBe(language.name);
    expect(await change(page, 1, 'cityId')).toEqual({ label: 'City', before: '(empty)', after: 'Dubai' });
    expect((await change(page, 1, 'toursCategories')).after).toBe('City Tours');
    expect((await change(page, 1, 'recommendedFor')).after).toBe('Families With Children');
    expect(await change(page, 1, 'itineraries')).toEqual({ label: 'Itineraries', before: '(empty)', after: 'Programme: 09:00 Creek' });
    await expectReadable(page);
    await shoot(page, 'history-en');

    // A ticket of the tour: origin and booking type by name.
    const offer = await apiJson<{ id: number; position: string }>('/api/offers', token, {
      method: 'POST',
      body: { id: 0, tourId: id, nameInternal: 'HIS-T', nameDisplay: 'History ticket', maxNumOfPeople: 10, numberOfHours: 3, origin: [dubai.value], bookingType: 1 },
    });
    expect(offer.status).toBe(200);
    await page.goto(`/tours/${id}/${offer.body.Content.id}`);
    await page.getByTestId('offer-tab-history').click();
    await page.getByTestId('history-entry').first().waitFor();
    expect(await page.getByTestId('history-event').allTextContents()).toEqual(['Ticket created']);
    expect(await page.getByTestId('history-at').first().textContent()).toMatch(DATE_TIME);
    expect(await change(page, 0, 'origin')).toEqual({ label: 'Origin', before: '(empty)', after: 'Dubai' });
    expect((await change(page, 0, 'bookingType')).after).toBe('Live Book');
    expect((await change(page, 0, 'tourId')).after).toBe('History tour');
    await expectReadable(page);
    await shoot(page, 'ticket-history-en');
    expect(errors).toEqual([]);

    // The same in Russian: labels and words translated, dates alike.
    const ru = await openApp(s.browser, s.baseUrl, `/tours/${id}?tab=history`, { token, lang: 'ru' });
    await ru.page.getByTestId('history-event').filter({ hasText: 'Тур создан' }).waitFor();
    for (const at of await ru.page.getByTestId('history-at').allTextContents()) expect(at).toMatch(DATE_TIME);
    expect(await ru.page.getByTestId('history-by').nth(1).textContent()).toBe('Система');
    expect(await change(ru.page, 0, 'isTopTour')).toEqual({ label: 'Топ-тур', before: 'Да', after: 'Нет' });
    expect(await change(ru.page, 1, 'cityId')).toEqual({ label: 'Город', before: '(пусто)', after: 'Dubai' });
    // Opened afresh, after the language stopped being offered: still its name, not '#id'.
    expect((await change(ru.page, 1, 'languageId')).after).toBe(language.name);
    expect((await change(ru.page, 1, 'recommendedFor')).after).toBe('Семьям с детьми');
    await ru.page.goto(`/tours/${id}/${offer.body.Content.id}`);
    await ru.page.getByTestId('offer-tab-history').click();
    await ru.page.getByTestId('history-event').filter({ hasText: 'Билет создан' }).waitFor();
    expect(await change(ru.page, 0, 'origin')).toEqual({ label: 'Откуда', before: '(пусто)', after: 'Dubai' });
    expect((await change(ru.page, 0, 'bookingType')).after).toBe('Мгновенное бронирование');
    await shoot(ru.page, 'ticket-history-ru');
    expect(ru.errors).toEqual([]);
  }, 240_000);
});
