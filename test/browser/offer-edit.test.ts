import type { Knex } from 'knex';
import { newValidPeriod } from '@tbo/catalog/src/pricing/price-model.pure';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { seedDemo } from '../support/reference';
import { apiOf, DEFAULT_ACCOUNT_SETTINGS, expectValues, inputValue as value, type Json, notification, shownText, waitForValue } from './catalog-helpers';
import { dubaiDate, newTour, offerField, offerFieldErrors, shoot } from './offer-helpers';
import { openApp, pathOf } from './shell-helpers';

/**
 * The offer (ticket) editor, /tours/{tourId}/{ticketId} (spec 01 §2, §3, §4, §5, §8, §9), against the real API and
 * Postgres: the §5 messages on an empty save, a save that lands on the ticket's own address, a 409 with a reload,
 * a valid period whose prices follow the shared price model as the user types (VAT 5 %, 3.65 AED per $ multiply,
 * commission 20 %), saved and read back after a reload, the price change in the history, delete and restore,
 * and the not-found redirects.
 */
const web = webSuite();
let token: string;
let tourId: number;
let otherOfferId: number;
let slotId: number;

const api = apiOf(web);

beforeAll(async () => {
  await seedDemo(web.app);
  const mine = await registerTenants(web.app);
  const other = await registerTenants(web.app);
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId: mine.supplierId, fullName: 'Olga Offers' });
  token = await tokenFor(['admin'], { email: admin.email, fullName: 'Olga Offers', supplierId: mine.supplierId });
  const otherToken = await tokenFor(['admin'], { supplierId: other.supplierId });

  // A new supplier has the spec's default account settings (nothing saved): VAT 5 %, 3.65 multiply, commission 20 %.
  const settings = (await api('GET', '/api/account/settings', token)).body.Content;
  expect(settings).toEqual({ ...DEFAULT_ACCOUNT_SETTINGS, version: null });

  tourId = await newTour(web.app, web.baseUrl, token, 'Desert Safari');
  const otherTour = await newTour(web.app, web.baseUrl, otherToken, 'Their tour');
  const otherOffer = await api('POST', '/api/offers', otherToken, { id: 0, tourId: otherTour, nameInternal: 'THEIRS', nameDisplay: 'Theirs', maxNumOfPeople: 5, numberOfHours: 2 });
  expect(otherOffer.status).toBe(200);
  otherOfferId = otherOffer.body.Content.id as number;
  // A time slot group with one slot for the ticket to sell.
  const group = await api('POST', '/api/timeslots/group', token, { id: 0, name: 'Sunset departures', capacity: 40, minimumAdvancedBooking: 4 });
  expect(group.status).toBe(200);
  const slot = await api('POST', '/api/timeslots', token, { id: 0, groupId: group.body.Content.id, name: 'Sunset', timeType: 0, startTimeDescription: '17:30', endTimeDescription: '21:00' });
  expect(slot.status).toBe(200);
  slotId = slot.body.Content.id as number;
});

const field = offerField;
const fieldErrors = offerFieldErrors;

describe('offer edit', () => {
  it('sends ids it cannot read away: a bad tour id to /tours, a bad ticket id to the tour', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/tours/abc/add', { token });
    await page.waitForURL((u) => u.pathname === '/tours');
    await page.goto(`/tours/${tourId}/abc`);
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}`);
    await page.goto('/tours/99999999/add');
    await page.waitForURL((u) => u.pathname === '/tours');
    await notification(page, 'Tour not found or you are not allowed to manage it');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("another supplier's ticket: 'Ticket not found or you are not allowed to manage it' and back to the tour", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/tours/${tourId}/${otherOfferId}`, { token });
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}`);
    await notification(page, 'Ticket not found or you are not allowed to manage it');
    expect(await page.getByTestId('notification').filter({ hasText: 'Ticket not found' }).first().textContent()).toContain('Not found');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a ticket, prices a valid period as the user types, saves, reloads and shows the change in the history', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/tours/${tourId}/ADD`, { token });
    const offerPosts: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/offers$/.test(r.url()) && r.method() !== 'GET') offerPosts.push(r.method());
    });
    await page.getByTestId('offer-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('New ticket');
    expect(await page.getByTestId('offer-tour-name').textContent()).toBe('Desert Safari display');
    expect(await page.getByTestId('back-to-tour').getAttribute('href')).toBe(`/tours/${tourId}`);
    expect(await page.getByTestId('back-to-tour').textContent()).toContain('Back to tour');
    expect(await page.getByTestId('tour-policy-link').getAttribute('href')).toBe(`/tours/${tourId}?tab=terms`);
    expect(await page.getByTestId('default-policy-link').getAttribute('href')).toBe('/admin/defaultsettings');
    expect(await page.getByTestId('offer-tab-prices').isDisabled()).toBe(true);
    // The supplier's groups and slots, with their times, to choose from.
    const slots = page.getByTestId('offer-time-slots');
    await slots.getByText('Sunset departures').waitFor();
    // A slot's check box is named by the slot and its times.
    expect(await slots.getByRole('checkbox', { name: 'Sunset 17:30–21:00', exact: true }).isChecked()).toBe(false);
    // Spec 01 §9 defaults.
    expect(await page.locator('[data-testid=counter-minNumOfPeople] input').inputValue()).toBe('1');
    expect(await page.getByLabel('Child age').inputValue()).toBe('12');
    expect(await page.getByLabel('Infant age').inputValue()).toBe('3');
    expect(await page.getByLabel('Booking type').locator('option:checked').textContent()).toBe('Live Book');
    expect(await page.getByRole('switch', { name: 'Children allowed' }).getAttribute('aria-checked')).toBe('false');

    // Save empty: the §5 messages, nothing sent.
    await page.getByTestId('offer-save').click();
    await page.locator('.tbo-field__error').first().waitFor();
    expect(await fieldErrors(page)).toEqual(['Ticket code is required', 'Ticket display name is required', 'Maximum number of people is required', 'Minimum duration is 1 hour']);
    // Attraction tickets required: adult, child and infant are required; ages stay within 1–18.
    await page.getByRole('switch', { name: 'Attraction tickets are required' }).click();
    await page.getByLabel('Child age').fill('19');
    await page.getByLabel('Infant age').fill('');
    await page.getByTestId('offer-save').click();
    await page.getByText('Infant ticket is required').waitFor();
    expect(await fieldErrors(page)).toEqual([
      'Ticket code is required',
      'Ticket display name is required',
      'Maximum number of people is required',
      'Minimum duration is 1 hour',
      'Child age is required and must be between 1 and 18',
      'Infant age is required and must be between 1 and 18',
      'Adult ticket is required',
      'Child ticket is required',
      'Infant ticket is required',
    ]);
    expect(offerPosts).toEqual([]);
    await shoot(page, 'errors');

    // Fill and save.
    await page.getByLabel('Ticket code').fill('DSF-01');
    await page.getByLabel('Ticket display name').fill('Desert Safari — Standard');
    await page.locator('[data-testid=counter-maxNumOfPeople] input').fill('8');
    await page.getByLabel('Number of hours').fill('0.5');
    await page.getByLabel('Child age').fill('12');
    await page.getByLabel('Infant age').fill('3');
    for (const label of ['Adult ticket', 'Child ticket', 'Infant ticket']) await page.getByLabel(label).selectOption({ index: 1 });
    await slots.getByRole('checkbox', { name: 'Sunset 17:30–21:00', exact: true }).check();
    expect(await slots.getByRole('checkbox', { name: 'Sunset departures', exact: true }).isChecked()).toBe(true);
    await page.getByTestId('offer-save').click();
    await page.getByText('Minimum duration is 1 hour').waitFor();
    expect(await fieldErrors(page)).toEqual(['Minimum duration is 1 hour']);
    await page.getByLabel('Number of hours').fill('6');
    await page.getByLabel('Booking type').selectOption({ label: 'On Request' });
    expect(await page.getByTestId('tour-policy-summary').textContent()).toContain("This ticket uses the tour's cancellation policy.");
    await page.getByRole('switch', { name: "Override the tour's cancellation policy" }).click();
    await page.getByTestId('offer-cancellation-policy').getByTestId('cp-add').click();
    const row = page.getByTestId('offer-cancellation-policy').getByTestId('cp-row').last();
    await row.getByTestId('cp-hours').fill('24');
    await row.getByTestId('cp-percents').fill('50');
    await row.getByTestId('cp-percents').press('Enter');
    expect(await fieldErrors(page)).toEqual([]);
    await page.getByTestId('offer-save').click();
    await page.waitForURL((u) => /^\/tours\/\d+\/\d+$/.test(u.pathname) && !u.pathname.endsWith('/ADD'));
    await notification(page, 'Ticket DSF-01 saved');
    const offerId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(new URL(page.url()).pathname).toBe(`/tours/${tourId}/${offerId}`);
    expect(offerPosts).toEqual(['POST']);
    await page.getByTestId('page-title').filter({ hasText: 'Ticket DSF-01' }).waitFor();
    const saved = (await api('GET', `/api/offers/manage/${offerId}`, token)).body.Content;
    expect(saved).toMatchObject({
      tourId,
      nameInternal: 'DSF-01',
      nameDisplay: 'Desert Safari — Standard',
      minNumOfPeople: 1,
      maxNumOfPeople: 8,
      numberOfHours: 6,
      bookingType: 0,
      isTicketsRequired: true,
      childAge: 12,
      infantAge: 3,
      isOverrideTourCancellationPolicy: true,
      cancellationPolicy: [{ hours: 24, percents: 50 }],
      timeSlots: [slotId],
    });
    expect((saved.ticketsTypes as { type: number; ticketTypeId: number }[]).map((x) => x.type)).toEqual([0, 1, 2]);

    // Someone else saves in between: a clear 409 message, and Reload brings their version.
    const theirs = await api('PUT', '/api/offers', token, { ...saved, nameDisplay: 'Their display name' });
    expect(theirs.status).toBe(200);
    await page.getByLabel('Ticket display name').fill('My display name');
    await page.getByTestId('offer-save').click();
    expect(await shownText(page, 'offer-conflict')).toContain('This ticket was changed by someone else in the meantime. Reload it and try again.');
    await page.getByTestId('offer-reload').click();
    await page.getByTestId('offer-conflict').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Ticket display name').inputValue()).toBe('Their display name');

    // The server's own messages land on their fields (here it is sent an infant age the form would not send).
    await page.route('**/api/offers', (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Json;
      return route.continue({ postData: JSON.stringify({ ...body, infantAge: 0 }) });
    });
    await page.getByLabel('Ticket display name').fill('Desert Safari — Standard');
    await page.getByTestId('offer-save').click();
    expect(await shownText(page, 'offer-save-error')).toContain('Infant age is required and must be between 1 and 18');
    expect(await fieldErrors(page)).toEqual(['Infant age is required and must be between 1 and 18']);
    await page.unroute('**/api/offers');
    // Ctrl+S saves, as in the tour editor.
    await page.getByLabel('Ticket display name').press('Control+s');
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    expect(await fieldErrors(page)).toEqual([]);

    // Media: the photo selector with its (non-blocking) warnings.
    await page.getByTestId('offer-tab-media').click();
    await page.getByTestId('photo-selector').waitFor();
    expect(await page.getByTestId('media-warnings').textContent()).toContain("You haven't selected any photos");

    // Valid periods: a new one starts today at noon (Dubai) and ends one month later, with the account's settings.
    await page.getByTestId('offer-tab-prices').click();
    await page.getByTestId('periods-empty').waitFor();
    await page.getByTestId('period-add').click();
    await page.getByTestId('period-editor').waitFor();
    const expected = newValidPeriod(new Date());
    expect(await value(page, 'period-start')).toBe(dubaiDate(expected.periodStart));
    expect(await value(page, 'period-end')).toBe(dubaiDate(expected.periodEnd));
    expect(await page.getByTestId('period-settings').textContent()).toContain('VAT 5 % · 1 $ = 3.65 AED (multiply) · default commission 20 %');
    expect(await value(page, 'commission-adult')).toBe('20');

    // Typing the recommended adult $ with VAT recomputes the other three and the nets, keystroke by keystroke.
    const recUsdVat = field(page, 'price-adult-rec-usdVat');
    await recUsdVat.click();
    await recUsdVat.pressSequentially('10');
    await waitForValue(page, 'price-adult-rec-aedVat', '36.5000');
    expect(await value(page, 'price-adult-rec-usd')).toBe('9.5238');
    await recUsdVat.pressSequentially('0');
    await waitForValue(page, 'price-adult-rec-usd', '95.2381');
    await expectValues(page, {
      'price-adult-rec-usdVat': '100',
      'price-adult-rec-aedVat': '365.0000',
      'price-adult-rec-aed': '347.6190',
      'price-adult-net-usdVat': '80.0000',
      'price-adult-net-usd': '76.1905',
      'price-adult-net-aedVat': '292.0000',
      'price-adult-net-aed': '278.0952',
    });
    // Tab walks the row: $ with VAT → $ → AED with VAT → AED → commission → net $ with VAT.
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      order.push((await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-testid")')) as string);
    }
    expect(order).toEqual(['price-adult-rec-usd', 'price-adult-rec-aedVat', 'price-adult-rec-aed', 'commission-adult', 'price-adult-net-usdVat']);
    // Editing a net price recomputes the commission.
    await field(page, 'price-adult-net-usdVat').fill('70');
    await waitForValue(page, 'commission-adult', '30');
    await expectValues(page, {
      'price-adult-net-usd': '66.6667',
      'price-adult-net-aedVat': '255.5000',
      'price-adult-net-aed': '243.3333',
    });
    // A trip price by AED without VAT; an empty commission clears its nets, a new one brings them back.
    await field(page, 'price-trip-rec-aed').fill('365');
    await waitForValue(page, 'price-trip-rec-usd', '100.0000');
    expect(await value(page, 'price-trip-rec-usdVat')).toBe('105.0000');
    expect(await value(page, 'price-trip-net-usd')).toBe('80.0000');
    await field(page, 'commission-trip').fill('');
    await waitForValue(page, 'price-trip-net-usd', '');
    expect(await value(page, 'price-trip-net-aed')).toBe('');
    await field(page, 'commission-trip').fill('10');
    await waitForValue(page, 'price-trip-net-aed', '328.5000');
    expect(await value(page, 'price-trip-net-usd')).toBe('90.0000');
    await field(page, 'period-advance-payment').fill('25');
    await shoot(page, 'period-editor');
    await page.getByTestId('period-save').click();
    await notification(page, 'Valid period saved');
    await page.getByTestId('period-editor').waitFor({ state: 'detached' });
    const periodRow = page.getByTestId('period-row');
    expect(await periodRow.count()).toBe(1);
    expect(await periodRow.locator('td').allTextContents()).toEqual([dubaiDate(expected.periodStart), dubaiDate(expected.periodEnd), '95.24', '—', '100.00', 'Edit']);
    const afterPeriod = (await api('GET', `/api/offers/manage/${offerId}`, token)).body.Content;
    const period = (afterPeriod.validPeriods as Json[])[0]!;
    expect(period).toMatchObject({
      periodStart: expected.periodStart,
      periodEnd: expected.periodEnd,
      minimumAdvancedPayment: 25,
      pricePerAdultRecUsdVat: 100,
      pricePerAdultRecUsd: 95.2381,
      pricePerAdultRecAedVat: 365,
      pricePerAdultRecAed: 347.619,
      pricePerAdultNetUsdVat: 70,
      netCommissionPerAdult: 30,
      pricePerTripRecAed: 365,
      pricePerTripNetUsd: 90,
      netCommissionPerTrip: 10,
      pricePerChildRecUsd: null,
      vat: 5,
      vatK: 1.05,
      convRate: 3.65,
      convType: 'multiply',
      defaultCommission: 20,
    });

    // Reload: the same values come back, with the settings the period was saved with.
    await page.reload();
    await page.getByTestId('period-row').first().waitFor();
    await page.getByTestId('period-edit').click();
    await page.getByTestId('period-editor').waitFor();
    expect(await page.getByTestId('period-settings').textContent()).toContain('Priced with these settings when saved');
    await expectValues(page, {
      'price-adult-rec-usdVat': '100.0000',
      'price-adult-rec-usd': '95.2381',
      'price-adult-rec-aed': '347.6190',
      'price-adult-net-usdVat': '70.0000',
      'commission-adult': '30',
      'commission-trip': '10',
      'period-advance-payment': '25',
    });

    // Change the adult price and save: the history shows 100 → 120.
    await field(page, 'price-adult-rec-usdVat').fill('120');
    await waitForValue(page, 'price-adult-net-usdVat', '84.0000');
    await page.getByTestId('period-save').click();
    await page.getByTestId('period-editor').waitFor({ state: 'detached' });
    expect(await page.getByTestId('period-row').locator('td').nth(2).textContent()).toBe('114.29');
    await page.getByTestId('offer-tab-history').click();
    const priced = page.getByTestId('history-entry').filter({ has: page.locator(`[data-field="validPeriods.${period.id}.pricePerAdultRecUsdVat"]`) });
    await priced.first().waitFor();
    const change = priced.first().locator(`[data-field="validPeriods.${period.id}.pricePerAdultRecUsdVat"]`);
    expect(await change.getByTestId('history-field').textContent()).toBe(`Period #${period.id}: Adult Recommended price $ with VAT`);
    expect(await change.getByTestId('history-before').textContent()).toBe('100');
    expect(await change.getByTestId('history-after').textContent()).toBe('120');
    expect(await priced.first().textContent()).toContain('Prices saved');
    await shoot(page, 'offer-history');
    expect(await page.getByTestId('history-entry').last().textContent()).toContain('Ticket created');

    // Delete and restore.
    await page.getByTestId('offer-tab-details').click();
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('offer-delete').click();
    await page.getByTestId('offer-deleted').waitFor();
    expect((await api('GET', `/api/offers/manage/${offerId}`, token)).body.Content.isDeleted).toBe(true);
    await page.getByTestId('offer-restore').click();
    await page.getByTestId('offer-deleted').waitFor({ state: 'detached' });
    expect((await api('GET', `/api/offers/manage/${offerId}`, token)).body.Content.isDeleted).toBe(false);
    // The form still saves after the period saves and the delete/restore (its version followed them).
    await page.getByLabel('Ticket display name').fill('Desert Safari — Final');
    await page.getByText('You have unsaved changes').waitFor();
    await page.getByTestId('offer-save').click();
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    expect(await page.getByTestId('offer-save-error').count()).toBe(0);
    expect((await api('GET', `/api/offers/manage/${offerId}`, token)).body.Content.nameDisplay).toBe('Desert Safari — Final');
    expect(pathOf(page)).toBe(`/tours/${tourId}/${offerId}`);

    // The account's settings change (VAT 10 %, 4 AED per $): the saved period keeps its own, the editor says so,
    // the server refuses the old figures with a clear error, and Recompute prices it with the new settings.
    const changed = await api('PUT', '/api/account/settings', token, {
      taxes: [{ name: 'VAT', amount: 10 }],
      defaultCommission: 15,
      currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 4, convType: 'multiply' },
    });
    expect(changed.status).toBe(200);
    await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'supplier_profiles', changed.body.Content.position as string, 10_000);
    await page.goto(`/tours/${tourId}/${offerId}?tab=prices`);
    await page.getByTestId('period-edit').click();
    await page.getByTestId('period-settings-changed').waitFor();
    expect(await page.getByTestId('period-settings').textContent()).toContain('VAT 5 % · 1 $ = 3.65 AED (multiply)');
    expect(await page.getByTestId('period-settings-changed').textContent()).toContain('VAT 10 % · 1 $ = 4 AED (multiply)');
    await field(page, 'period-advance-payment').fill('30');
    await page.getByTestId('period-save').click();
    expect(await shownText(page, 'period-errors')).toContain('Prices are not consistent with the VAT, conversion rate and commissions');
    await page.getByTestId('period-recompute').click();
    await page.getByTestId('period-settings-changed').waitFor({ state: 'detached' });
    expect(await page.getByTestId('period-settings').textContent()).toContain('VAT 10 % · 1 $ = 4 AED (multiply)');
    await expectValues(page, {
      'price-adult-rec-usdVat': '120.0000',
      'price-adult-rec-usd': '109.0909',
      'price-adult-rec-aedVat': '480.0000',
      'price-adult-net-usdVat': '84.0000',
    });
    await page.getByTestId('period-save').click();
    await page.getByTestId('period-editor').waitFor({ state: 'detached' });
    const repriced = ((await api('GET', `/api/offers/manage/${offerId}`, token)).body.Content.validPeriods as Json[])[0]!;
    expect(repriced).toMatchObject({ id: period.id, vat: 10, vatK: 1.1, convRate: 4, defaultCommission: 15, pricePerAdultRecUsd: 109.0909, minimumAdvancedPayment: 30 });

    // Leaving with unsaved changes asks first: Stay keeps the edit, Leave goes.
    await page.getByTestId('offer-tab-details').click();
    await page.getByLabel('Ticket display name').fill('Not saved');
    await page.getByTestId('back-to-tour').click();
    await page.getByTestId('offer-leave-dialog').waitFor();
    await page.getByTestId('offer-stay').click();
    expect(new URL(page.url()).pathname).toBe(`/tours/${tourId}/${offerId}`);
    expect(await page.getByLabel('Ticket display name').inputValue()).toBe('Not saved');
    await page.getByTestId('back-to-tour').click();
    await page.getByTestId('offer-leave').click();
    await page.waitForURL((u) => u.pathname === `/tours/${tourId}`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the editor in Russian', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/tours/${tourId}/add`, { token, lang: 'ru' });
    await page.getByTestId('offer-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Новый билет');
    expect(await page.getByTestId('back-to-tour').textContent()).toContain('Назад к туру');
    await page.getByTestId('offer-save').click();
    await page.locator('.tbo-field__error').first().waitFor();
    expect((await fieldErrors(page))[0]).toBe('Укажите код билета');
    expect(errors).toEqual([]);
    await context.close();
  });
});
