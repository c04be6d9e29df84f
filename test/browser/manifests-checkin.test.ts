import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import request from 'supertest';
import { CheckInClock } from '@tbo/documents';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { bearer, tokenFor, type ApiSuite } from '../support/api';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { webSuite } from '../support/browser';
import { pdfFlatText } from '../support/documents';
import { seedDemo } from '../support/reference';
import { openApp, retryUntil } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/*
 * Operations print the day's manifest; a guide assigned to the slot opens a voucher's QR link on a phone and
 * checks the guest in (a second tap says when and by whom). With SHOTS_DIR=<dir> it also writes screenshots
 * (1366×768 in en and ru, the check-in page at 390×844).
 */
const web = webSuite({ testTimeoutMs: 120_000 });
const shot = screenshotsTo();

let api: ApiSuite;
let s: BookableSetup;
const ids: number[] = [];
const GUESTS = ['Мария Кузнецова', 'John Carter'];

beforeAll(async () => {
  const app = web.app;
  const db = app.get<Knex>(KNEX);
  const store = app.get<EventStore>(EVENT_STORE);
  api = { app, http: request(app.getHttpServer()), db, store, settled: (p, pos, ms = 10_000) => waitForProjection(db, store, p, pos, ms) };
  await seedDemo(app);
  s = await bookableSetup(api);
  let position = '';
  for (const [i, guestName] of GUESTS.entries()) {
    const res = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2 + i, guestName, notes: i ? 'Vegetarian' : '' }));
    expect(res.status).toBe(200);
    ids.push(res.body.Content.id);
    position = res.body.Content.position;
  }
  await api.settled('bookings', position);
});

it.each(['en', 'ru'] as const)('operations see the day’s manifest and print it (%s)', async (lang) => {
  const token = s.operations.Authorization!.slice('Bearer '.length);
  const { context, page } = await openApp(web.browser, web.baseUrl, `/manifests?date=${s.date}`, { token, lang, acceptDownloads: true });
  try {
    await page.getByTestId('manifest-row').nth(1).waitFor();
    expect(await page.getByTestId('manifest-row').count()).toBe(2);
    await expect(page.getByTestId('manifest-day-total').textContent()).resolves.toContain(lang === 'en' ? '2 bookings · Ad 5' : 'бронирований 2 · Взр 5');
    await shot(page, `manifests-${lang}-1366`);
    const started = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('manifest-pdf').focus();
    await page.keyboard.press('Enter');
    const file = await started;
    expect(file.suggestedFilename()).toBe(`manifest-${s.date}.pdf`);
    const text = await pdfFlatText(readFileSync((await file.path())!));
    for (const g of GUESTS) expect(text).toContain(g);
    expect(text).toContain(lang === 'en' ? 'Day total' : 'Итого за день');

    // The date reads DD.MM.YYYY in both languages (a native date field would show the browser's MM/DD/YYYY), and a
    // typed date opens that day's manifest.
    const dotted = (iso: string) => iso.split('-').reverse().join('.');
    expect(await page.getByTestId('manifest-date').inputValue()).toBe(dotted(s.date));
    const dayBefore = new Date(Date.parse(`${s.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('manifest-date').fill(dotted(dayBefore));
    await page.waitForURL((url) => url.searchParams.get('date') === dayBefore);
    // The last day's manifest stays on screen until the new one has loaded.
    await retryUntil(async () => expect(await page.getByTestId('manifest-day-total').textContent()).toMatch(new RegExp(`^${dotted(dayBefore).replace(/\./g, '\\.')}:`)), 10_000);
  } finally {
    await context.close();
  }
});

it('a driver sees only the time slots assigned to them, and is told so while there are none', async () => {
  const email = `driver.s${s.supplierId}@test.local`;
  const driver = await tokenFor(['driver'], { supplierId: s.supplierId, fullName: 'Ali Rahman', email });
  const { context, page } = await openApp(web.browser, web.baseUrl, `/manifests?date=${s.date}`, { token: driver, lang: 'ru' });
  try {
    await expect(page.getByTestId('manifest-empty').textContent()).resolves.toBe('В этот день нет бронирований на назначенных вам слотах. Водителей и гидов на слоты назначает отдел операций.');
    const assigned = await api.http.post('/api/manifests/staff').set(s.operations).send({ date: s.date, slotId: s.timeSlotId, email, assigned: true });
    expect(assigned.status).toBe(200);
    await retryUntil(async () => {
      await page.reload();
      await page.getByTestId('manifest-row').nth(1).waitFor({ timeout: 2_000 });
    }, 15_000);
    expect(await page.getByTestId('manifest-row').count()).toBe(2);
    // A voucher's reference typed in the header search opens its check-in page (a driver may search nothing else).
    const search = page.getByRole('combobox', { name: 'Поиск разделов или номера брони для регистрации' });
    await search.fill(`bk-${ids[1]}`);
    await page.getByRole('option', { name: `Регистрация BK-${ids[1]}` }).waitFor();
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === `/checkin/BK-${ids[1]}`);
    await page.getByTestId('checkin-page').waitFor();
  } finally {
    await context.close();
  }
});

it('operations assign and remove a driver on the page, and a refused assignment says why', async () => {
  const crew = (name: string) => `${name}.s${s.supplierId}@test.local`;
  await tokenFor(['driver'], { supplierId: s.supplierId, fullName: 'Omar Driver', email: crew('omar.driver') });
  await tokenFor(['driver'], { supplierId: s.supplierId, fullName: 'Sami Leaving', email: crew('sami.leaving') });
  const token = s.operations.Authorization!.slice('Bearer '.length);
  const { context, page } = await openApp(web.browser, web.baseUrl, `/manifests?date=${s.date}`, { token });
  try {
    const slot = page.getByTestId('manifest-staff-slot').first();
    await slot.waitFor();
    await slot.getByTestId('manifest-staff-choose').selectOption({ label: 'Omar Driver (driver)' });
    await slot.getByTestId('manifest-staff-assign').click();
    await slot.locator('li', { hasText: 'Omar Driver' }).waitFor();
    // Chosen and assigned: the choice is cleared, and Omar is no longer offered for this slot.
    expect(await slot.getByTestId('manifest-staff-choose').inputValue()).toBe('');
    expect(await slot.getByTestId('manifest-staff-choose').locator('option').allTextContents()).not.toContain('Omar Driver (driver)');
    await slot.locator('li', { hasText: 'Omar Driver' }).getByTestId('manifest-staff-remove').click();
    await retryUntil(async () => expect(await slot.locator('li', { hasText: 'Omar Driver' }).count()).toBe(0), 10_000);

    // Sami stops being a driver while the page still offers him: the refusal is shown, not swallowed.
    const staff: { id: number; email: string }[] = (await api.http.get('/api/staff').set(s.admin)).body.Content;
    const sami = staff.find((m) => m.email === crew('sami.leaving'))!;
    expect((await api.http.put(`/api/staff/${sami.id}/roles`).set(s.admin).send({ roles: ['operations'] })).status).toBe(200);
    await slot.getByTestId('manifest-staff-choose').selectOption({ label: 'Sami Leaving (driver)' });
    await slot.getByTestId('manifest-staff-assign').click();
    await expect(page.getByTestId('manifest-staff-error').textContent()).resolves.toBe('Only a driver or guide of your company can be assigned');
    expect(await slot.locator('li', { hasText: 'Sami Leaving' }).count()).toBe(0);
    // Said once: by the slot, not again in a notification.
    expect(await page.getByTestId('notification').count()).toBe(0);
  } finally {
    await context.close();
  }
});

it('a failed manifest load offers Retry; a booking opens its check-in page inside the app, which offers Retry after a network failure', async () => {
  const token = s.operations.Authorization!.slice('Bearer '.length);
  const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/manifests?date=${s.date}`, { token });
  try {
    await page.getByTestId('manifest-row').nth(1).waitFor();
    // The next manifest request meets a server fault: the page says so once, with Retry, and Retry loads it.
    const fault = { IsOk: false, Code: 500, Content: null, ErrorTitle: 'Internal Server Error', ErrorMessage: 'Something went wrong' };
    await page.route(/\/api\/manifests\?/, (route) => route.fulfill({ status: 500, json: fault }), { times: 1 });
    await page.getByTestId('manifest-slot').selectOption(String(s.timeSlotId));
    await expect(page.getByTestId('manifest-load-error').textContent()).resolves.toBe('The manifest could not be loaded.');
    expect(await page.getByTestId('notification').count()).toBe(0);
    await shot(page, 'manifests-load-failed-en');
    await page.getByTestId('manifest-retry').click();
    await page.getByTestId('manifest-row').nth(1).waitFor();
    expect(await page.getByTestId('manifest-load-error').count()).toBe(0);

    // The booking's reference opens its check-in page in the same app (no reload: the mark on the window stays).
    await page.evaluate('window.__sameApp = true');
    await page.route(/\/api\/checkin\//, (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByTestId('manifest-row').getByRole('link', { name: `BK-${ids[1]}` }).click();
    await page.waitForURL((url) => url.pathname === `/checkin/BK-${ids[1]}`);
    await expect(page.getByTestId('checkin-error').textContent()).resolves.toBe('The booking could not be loaded.');
    await shot(page, 'checkin-load-failed-en');
    expect(await page.evaluate('window.__sameApp === true')).toBe(true);
    await page.getByTestId('checkin-retry').click();
    await page.getByTestId('checkin-page').waitFor();
    // Days before the tour the page says when check-in opens, and offers no button that would only be refused.
    await page.getByTestId('checkin-opens').getByText(`Check-in opens on the day of the tour, ${s.date.split('-').reverse().join('.')}.`).waitFor();
    expect(await page.getByTestId('checkin-redeem').count()).toBe(0);
    // On the day, 08:00 in Dubai.
    web.app.get(CheckInClock).now = () => new Date(`${s.date}T04:00:00.000Z`);
    await page.reload();
    await page.getByTestId('checkin-redeem').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('John Carter');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

it('an address with a slot that is not the supplier’s says so and shows the whole day', async () => {
  const token = s.operations.Authorization!.slice('Bearer '.length);
  const { context, page } = await openApp(web.browser, web.baseUrl, `/manifests?date=${s.date}&slotId=2000000000`, { token, lang: 'ru' });
  try {
    await expect(page.getByTestId('manifest-error').textContent()).resolves.toBe('Временной слот не найден');
    await page.waitForURL((url) => !url.searchParams.has('slotId'));
    await page.getByTestId('manifest-row').nth(1).waitFor();
    expect(await page.getByTestId('manifest-slot').inputValue()).toBe('');
    expect(await page.getByTestId('manifest-load-error').count()).toBe(0);
  } finally {
    await context.close();
  }
});

it('a guide checks a guest in from the QR link on a phone', async () => {
  const guide = await tokenFor(['guide'], { supplierId: s.supplierId, fullName: 'Karim Haddad' });
  const assigned = await api.http.post('/api/manifests/staff').set(s.operations).send({ date: s.date, slotId: s.timeSlotId, email: `guide.s${s.supplierId}@test.local`, assigned: true });
  expect(assigned.status).toBe(200);
  const { context, page } = await openApp(web.browser, web.baseUrl, `/checkin/BK-${ids[1]}`, { token: guide, width: 390, height: 844 });
  try {
    await page.getByTestId('checkin-page').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('John Carter');
    await expect(page.getByTestId('checkin-counts').textContent()).resolves.toContain('Adults 3');
    await shot(page, 'checkin-en-390');
    // The house buttons, thumb-sized: the main action stands out from the other (unstyled ones look alike).
    const look = async (id: string) => (await page.evaluate(`(({ backgroundColor, height }) => ({ background: backgroundColor, height: parseFloat(height) }))(getComputedStyle(document.querySelector('[data-testid=${id}]')))`)) as { background: string; height: number };
    const [redeem, noShow] = [await look('checkin-redeem'), await look('checkin-noshow')];
    expect(redeem.background).not.toBe(noShow.background);
    expect(Math.min(redeem.height, noShow.height)).toBeGreaterThanOrEqual(48);
    // By keyboard (or a phone's screen reader): the focus stays on the button through its call. Checked in, the button
    // is off (aria-disabled, keeping the focus) and a second press does nothing.
    const focused = () => page.evaluate(`document.activeElement?.dataset.testid ?? document.activeElement?.tagName`);
    // The other crew member's phone, opened before the guest was checked in (its button is still on).
    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByTestId('checkin-redeem').waitFor();
    await page.getByTestId('checkin-redeem').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('checkin-state').textContent()).resolves.toMatch(/^Checked in at \d\d\.\d\d\.\d{4} \d\d:\d\d by Karim Haddad$/);
    expect(await focused()).toBe('checkin-redeem');
    expect(await page.getByTestId('checkin-redeem').getAttribute('aria-disabled')).toBe('true');
    const pressed = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/checkin'), { timeout: 1000 }).then(() => true, () => false);
    await page.keyboard.press('Enter');
    expect(await pressed).toBe(false);
    await expect(page.getByTestId('checkin-notice').textContent()).resolves.toBe('Checked in.');
    expect(await focused()).toBe('checkin-redeem');
    // The other phone's press is refused, saying when and by whom, and its button goes off too.
    await other.getByTestId('checkin-redeem').click();
    await other.getByTestId('checkin-notice').getByText(/Already redeemed at .* by Karim Haddad/).waitFor();
    expect(await other.getByTestId('checkin-redeem').getAttribute('aria-disabled')).toBe('true');
    await shot(page, 'checkin-en-390-again');
    // The page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  } finally {
    await context.close();
  }
  const history = await api.http.get(`/api/bookings/${ids[1]}/history`).set(bearer(s.operations.Authorization!.slice('Bearer '.length)));
  expect(history.body.Content.map((e: { type: string }) => e.type)).toContain('BookingRedeemed');
});
