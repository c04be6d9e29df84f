import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { bookingForDocuments, recordDocumentIssued } from '@tbo/booking';
import { CommandRunner, EVENT_STORE, KNEX, systemContext, type EventStore } from '@tbo/kernel';
import { allProjections, waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { seedCatalog } from '../../apps/api/src/seed/seed-catalog';
import { seedContracts } from '../../apps/api/src/seed/seed-contracts';
import { DEMO_PASSWORD, seedIdentity } from '../../apps/api/src/seed/seed-identity';
import { seedLanguages } from '../../apps/api/src/seed/seed-languages';
import { seedReference } from '../../apps/api/src/seed/seed-reference';
import { seedScheduling } from '../../apps/api/src/seed/seed-scheduling';
import { seedSupplier } from '../../apps/api/src/seed/seed-supplier';
import { bookingHistorySchema, bookingViewSchema } from '../../frontend/src/features/bookings/details/api/booking-view.schema';
import { expectNoA11yViolations } from '../support/a11y';
import { fetchContent, webSuite, type Envelope } from '../support/browser';
import { openApp, retryUntil } from './shell-helpers';
import { screenshotsTo } from './screenshots';

/**
 * The operator's booking panel (/bookings, a row's details) against the real API: the demo agent books a live and
 * an on-request slot through POST /api/agent/bookings; operations opens the pending one from the list, confirms it,
 * and cancels the other, seeing the refund the server answered; accounts may only cancel and reads the history
 * (who, when, what, before → after). Keyboard: Escape steps out of a question, then closes the panel.
 */

const web = webSuite({ testTimeoutMs: 300_000 });

const tag = randomBytes(3).toString('hex');

const api = <T>(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) => fetchContent<T>(web.baseUrl, method, path, token, body, headers);
async function signIn(email: string): Promise<string> {
  const res = await fetch(`${web.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8::${randomBytes(2).toString('hex')}:1` },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnUrl: '/' }),
  });
  const json = (await res.json()) as Envelope<{ token: string }>;
  if (!json.IsOk) throw new Error(`sign-in of ${email}: ${json.ErrorMessage}`);
  return json.Content.token;
}

/** Every read model up to the store's head (the seeds read what exists from them). */
async function everyProjectionSettled(app: INestApplication): Promise<void> {
  const store = app.get<EventStore>(EVENT_STORE);
  const head = await store.headPosition();
  if (head) for (const p of allProjections) await waitForProjection(app.get<Knex>(KNEX), store, p.name, head, 60_000);
}

interface Slot {
  id: number;
  name: string;
  isOnRequest: boolean;
  seatsLeft: number | null;
  closed: boolean;
}
interface Offer {
  id: number;
  isOnRequest: boolean;
  minNumOfPeople: number | null;
  timeSlots: Slot[];
}
interface Tour {
  id: number;
  offers: Offer[];
}
interface Booked {
  id: number;
  guestName: string;
}

let agent: string;
let operations: string;
let accounts: string;
let live: Booked;
let pending: Booked;

/** The first offer and slot on the next two weeks that the predicate accepts, with its date and hotel. */
async function findSlot(wants: (offer: Offer, slot: Slot) => boolean): Promise<{ date: string; hotelId: number; tourId: number; offer: Offer; slot: Slot }> {
  const hotels = await api<{ id: number }[]>('GET', '/api/agent/hotels/fornewbooking', agent);
  const today = dubaiToday();
  for (let day = 2; day <= 12; day++) {
    const date = addDays(today, day);
    for (const hotel of hotels.slice(0, 40)) {
      const tours = await api<Tour[]>('GET', `/api/agent/tours/fornewbooking?hotelId=${hotel.id}&date=${date}`, agent);
      for (const tour of tours)
        for (const offer of tour.offers)
          for (const slot of offer.timeSlots ?? []) if (!slot.closed && (slot.seatsLeft === null || slot.seatsLeft >= 4) && wants(offer, slot)) return { date, hotelId: hotel.id, tourId: tour.id, offer, slot };
    }
  }
  throw new Error('the demo data offers no such slot in the next two weeks');
}

async function book(wants: (offer: Offer, slot: Slot) => boolean, guestName: string): Promise<Booked> {
  const found = await findSlot(wants);
  const body = {
    date: found.date,
    hotelId: found.hotelId,
    customHotelName: null,
    tourId: found.tourId,
    offerId: found.offer.id,
    timeSlotId: found.slot.id,
    adults: Math.max(2, found.offer.minNumOfPeople ?? 0),
    children: 0,
    infants: 0,
    guestName,
    roomNumber: '1204',
    phones: ['+971501234567'],
    paid: 0,
    paidOrig: 0,
    collect: 0,
    collectOrig: 0,
    voucherNumber: `V-${tag}`,
    notes: '',
    arrivalId: null,
    groupId: null,
    groupInfoId: null,
  };
  const made = await api<{ id: number; status: number; position: string }>('POST', '/api/agent/bookings', agent, body, { 'Idempotency-Key': randomUUID() });
  // The list and the details are read models: the operator opens the booking once both show it.
  for (const name of ['bookings', 'booking_details']) await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), name, made.position, 15_000);
  return { id: made.id, guestName };
}

beforeAll(async () => {
  const app = web.app;
  const settle = () => everyProjectionSettled(app);
  await settle();
  await seedLanguages(app.get(CommandBus), app.get<Knex>(KNEX));
  await seedIdentity(app, settle);
  await seedContracts(app, settle);
  await seedReference(app, settle);
  await seedSupplier(app, settle);
  await seedScheduling(app, settle);
  await seedCatalog(app, settle);
  await settle();
  [agent, operations, accounts] = await Promise.all(['agent@demo.test', 'operations@demo.test', 'accounts@demo.test'].map(signIn)) as [string, string, string];
  live = await book((offer, slot) => !offer.isOnRequest && !slot.isOnRequest, `Live Guest ${tag}`);
  pending = await book((offer, slot) => offer.isOnRequest || slot.isOnRequest, `Pending Guest ${tag}`);
}, 300_000);

const panel = (page: Page) => page.getByTestId('booking-panel');
/** With SHOTS_DIR=<dir>, screenshots of the panel. */
const shot = screenshotsTo();

const FILTER_GUEST_RU = 'Фильтр: Гость';

/** /bookings as this user, the booking's row clicked, its panel open. */
async function openBooking(token: string, booking: Booked, lang: 'en' | 'ru' = 'en') {
  const opened = await openApp(web.browser, web.baseUrl, '/bookings', { token, lang });
  const { page } = opened;
  // Other tests' bookings share the window: the guest filter brings this one to the first page.
  await page.getByRole('textbox', { name: lang === 'en' ? 'Filter Guest name' : FILTER_GUEST_RU }).fill(booking.guestName);
  // The row shows once the list has read it; a click may land while the list still renders.
  await retryUntil(async () => {
    if (!(await panel(page).isVisible())) await page.getByText(booking.guestName, { exact: true }).first().click({ timeout: 2_000 });
    await panel(page).waitFor({ timeout: 2_000 });
  }, 30_000);
  await page.getByTestId('booking-section-trip').waitFor();
  expect(await page.getByTestId('booking-panel-title').textContent()).toBe(lang === 'en' ? `Booking #${booking.id}` : `Бронирование №${booking.id}`);
  return opened;
}

describe('booking panel', () => {
  it("reads the API's booking and history answers with the panel's own schemas", async () => {
    const view = bookingViewSchema.parse(await api('GET', `/api/bookings/${pending.id}`, operations));
    expect(view).toMatchObject({ id: pending.id, status: 1, guestName: pending.guestName, agencyName: 'Gulf Horizons Travel', agentName: 'Daniel Brooks', bookedBy: { name: 'Daniel Brooks' } });
    expect(view.responseDueAt).not.toBeNull();
    const history = bookingHistorySchema.parse(await api('GET', `/api/bookings/${pending.id}/history`, accounts));
    expect(history.map((e) => [e.type, e.by?.name])).toEqual([['BookingCreated', 'Daniel Brooks']]);
  });

  it('operations confirms the pending booking from the keyboard', async () => {
    const { page, context, errors } = await openBooking(operations, pending);
    expect(await page.getByTestId('booking-status').textContent()).toBe('Pending');
    expect(await page.getByTestId('booking-guest-name').textContent()).toBe(pending.guestName);
    expect(await page.getByTestId('booking-date').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await page.getByTestId('booking-total').textContent()).toMatch(/^USD [\d,]+\.\d{2} · AED [\d,]+\.\d{2}$/);
    // The agency's commission in both currencies, as the agent's page shows it: AED is the AED totals' difference.
    const { totals } = bookingViewSchema.parse(await api('GET', `/api/bookings/${pending.id}`, operations));
    const amount = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(totals.agencyReceivable).toBeGreaterThan(0);
    expect(await page.getByTestId('booking-commission').textContent()).toBe(`USD ${amount(totals.agencyReceivable)} · AED ${amount(totals.totalAed - totals.netAed)}`);
    expect(await page.getByTestId('booking-actions').locator('button').allTextContents()).toEqual(['Confirm', 'Decline', 'Cancel booking', 'Edit guest details', 'Change date, time or people']);
    await expectNoA11yViolations(page, 'booking panel (pending)');
    await shot(page, 'booking-panel-real-pending-en');

    // Tab stays in the panel.
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate('!!document.activeElement.closest("[data-testid=booking-panel]")')).toBe(true);

    // Confirm: Escape on the question keeps the panel; Enter on Confirm asks again; yes.
    await page.getByTestId('booking-action-confirm').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-ask').waitFor();
    await expectNoA11yViolations(page, 'booking panel (confirm question)');
    await page.keyboard.press('Escape');
    await page.getByTestId('booking-ask').waitFor({ state: 'detached' });
    expect(await panel(page).isVisible()).toBe(true);

    // A refused confirm: the question and the disabled button lose the focus, so the refusal takes it; and a focus
    // that dropped to <body> comes back into the panel on Tab (aria-modal), not into the page behind.
    await page.route((u) => u.pathname === `/api/bookings/${pending.id}/confirm`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 500, ErrorTitle: 'Error', ErrorMessage: 'The server failed.' }) }), { times: 1 });
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-ask-yes').click();
    await page.getByTestId('booking-error').waitFor();
    await retryUntil(async () => expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('booking-error'), 5_000);
    await page.evaluate('document.activeElement.blur()');
    expect(await page.evaluate('document.activeElement === document.body')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('!!document.activeElement.closest("[data-testid=booking-panel]")')).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate('!!document.activeElement.closest("[data-testid=booking-panel]")')).toBe(true);

    await page.getByTestId('booking-action-confirm').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-ask-yes').click();
    await page.getByTestId('booking-done').waitFor();
    expect(await page.getByTestId('booking-done').textContent()).toBe('Booking confirmed.');
    await retryUntil(async () => expect(await page.getByTestId('booking-status').textContent()).toBe('Normal'), 10_000);
    expect(await page.getByTestId('booking-overdue').count()).toBe(0);

    // Escape closes the panel.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('operations changes the guest details, then the number of people, and sees the price difference the server answered', async () => {
    const { page, context, errors } = await openBooking(operations, pending);
    await page.getByTestId('booking-action-amend').click();
    await page.getByTestId('booking-amend-room').fill('1502');
    await page.getByTestId('booking-amend-add-phone').click();
    await page.getByTestId('booking-amend-phone-1').fill('+971509876543');
    // A look at the history mid-edit keeps what was typed; Escape there brings the form back rather than dropping it.
    await page.getByTestId('booking-tab-history').click();
    await page.getByTestId('booking-history').waitFor();
    expect(await page.getByTestId('booking-amend-form').isVisible()).toBe(false);
    await page.getByTestId('booking-tab-details').click();
    expect(await page.getByTestId('booking-amend-room').inputValue()).toBe('1502');
    await page.getByTestId('booking-tab-history').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('booking-amend-form').waitFor();
    expect(await page.getByTestId('booking-tab-details').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('booking-amend-phone-1').inputValue()).toBe('+971509876543');
    await page.getByTestId('booking-amend-guest-name').fill('');
    await page.getByTestId('booking-amend-form-submit').click();
    expect(await page.locator('.tbo-field__error').allTextContents()).toEqual(['Guest name is required']);
    await retryUntil(async () => expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('booking-amend-guest-name'), 5_000);
    await page.getByTestId('booking-amend-guest-name').fill(pending.guestName);
    // Meanwhile a colleague adds a note: this save is refused (409). Reload brings their note into the form and
    // keeps what was typed here, so the next save loses neither.
    const { version } = await api<{ version: number }>('GET', `/api/bookings/${pending.id}`, operations);
    await api('POST', `/api/bookings/${pending.id}/amend`, operations, { version, notes: 'Note from a colleague' });
    await page.getByTestId('booking-amend-form-submit').click();
    await page.getByTestId('booking-reload').click();
    await page.getByTestId('booking-amend-merged').waitFor();
    expect([await page.getByTestId('booking-amend-notes').inputValue(), await page.getByTestId('booking-amend-room').inputValue()]).toEqual(['Note from a colleague', '1502']);
    await page.getByTestId('booking-amend-form-submit').click();
    await page.getByTestId('booking-done').waitFor();
    expect(await page.getByTestId('booking-done').textContent()).toBe('Guest details saved.');
    expect(await page.getByTestId('booking-room').textContent()).toBe('1502');
    expect(await page.getByTestId('booking-phones').textContent()).toBe('+971501234567, +971509876543');
    expect(await page.getByTestId('booking-notes').textContent()).toBe('Note from a colleague');

    const totalBefore = await page.getByTestId('booking-total').textContent();
    // The first slot lookup fails: the form says it could not load them (not that the date has none) and retries.
    await page.route((u) => u.pathname === `/api/bookings/${pending.id}/slots`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 500, ErrorTitle: 'Error', ErrorMessage: 'The server failed.' }) }), { times: 1 });
    await page.getByTestId('booking-action-reschedule').click();
    await page.getByTestId('booking-reschedule-slots-failed').waitFor();
    expect(await page.getByTestId('booking-reschedule-slots-failed').textContent()).toBe("Time slots could not be loaded; only the booking's own slot can be chosen. Try again");
    expect(await page.getByTestId('booking-reschedule-slots-none').count()).toBe(0);
    await shot(page, 'booking-panel-slots-failed-en');
    await page.getByTestId('booking-reschedule-slots-retry').click();
    await page.getByTestId('booking-reschedule-slots-failed').waitFor({ state: 'detached' });
    expect(await page.getByTestId('booking-reschedule-slots-none').count()).toBe(0);
    expect(await page.getByTestId('booking-reschedule-adults').inputValue()).toBe('2');
    await page.getByTestId('booking-reschedule-adults').fill('3');
    expect(await page.getByTestId('booking-reschedule-estimate').textContent()).toMatch(/^Estimated difference at the current prices: USD \+[\d,]+\.\d{2} · AED \+[\d,]+\.\d{2}/);
    await expectNoA11yViolations(page, 'booking panel (reschedule form)');
    await shot(page, 'booking-panel-real-reschedule-en');
    // A refusal of the seats ('Only 2 places left') stands by the values sent: changing the people puts it aside.
    const seatsLeft = { IsOk: false, Code: 400, ErrorTitle: 'Validation error', ErrorMessage: 'Only 2 places left', Content: { errors: { adults: ['Only 2 places left'] } } };
    await page.route((u) => u.pathname === `/api/bookings/${pending.id}/reschedule`, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(seatsLeft) }), { times: 1 });
    await page.getByTestId('booking-reschedule-adults').fill('4');
    await page.getByTestId('booking-reschedule-form-submit').click();
    await page.locator('.tbo-field__error', { hasText: 'Only 2 places left' }).waitFor();
    await page.getByTestId('booking-reschedule-adults').fill('3');
    expect(await page.locator('.tbo-field__error').allTextContents()).toEqual([]);
    await page.getByTestId('booking-reschedule-form-submit').click();
    await page.getByTestId('booking-done').waitFor();
    expect(await page.getByTestId('booking-done').textContent()).toMatch(/^Changes saved\. Price difference: USD \+[\d,]+\.\d{2} · AED \+[\d,]+\.\d{2}$/);
    expect(await page.getByTestId('booking-people').textContent()).toBe('Adults 3, children 0, infants 0, FOC 0');
    expect(await page.getByTestId('booking-total').textContent()).not.toBe(totalBefore);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('operations cancels the live booking and sees the refund the server answered', async () => {
    const { page, context, errors } = await openBooking(operations, live);
    await page.getByTestId('booking-action-cancel').click();
    await page.getByTestId('booking-cancel-form-submit').click();
    expect(await page.locator('.tbo-field__error').allTextContents()).toEqual(['Please give a reason']);
    await retryUntil(async () => expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('booking-reason'), 5_000);
    // Before choosing, the form says what cancelling now gives back; the server's answer is that amount.
    const preview = /^Cancelling now, \d+ h before the start: \d+ % back, (USD [\d,]+\.\d{2} · AED [\d,]+\.\d{2})\.$/.exec((await page.getByTestId('booking-refund-now').textContent()) ?? '');
    expect(preview).not.toBeNull();
    await page.getByTestId('booking-reason').fill('Guest ill');
    // Someone changed the booking meanwhile (409): the notice takes the focus, and Reload keeps the typed reason.
    await page.route((u) => u.pathname === `/api/bookings/${live.id}/cancel`, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ IsOk: false, Code: 409, ErrorTitle: 'Conflict', ErrorMessage: 'This item was changed by someone else in the meantime. Reload it and try again.' }) }), { times: 1 });
    await page.getByTestId('booking-cancel-form-submit').click();
    await page.getByTestId('booking-conflict').waitFor();
    await retryUntil(async () => expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('booking-conflict-focus'), 5_000);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('booking-reload');
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-conflict').waitFor({ state: 'detached' });
    expect(await page.getByTestId('booking-reason').inputValue()).toBe('Guest ill');
    expect(await page.evaluate('document.activeElement.dataset.testid')).toBe('booking-reason');
    await retryUntil(async () => expect(await page.getByTestId('booking-cancel-form-submit').isEnabled()).toBe(true), 10_000);
    await page.getByTestId('booking-cancel-form-submit').click();
    await page.getByTestId('booking-done').waitFor();
    expect(await page.getByTestId('booking-done').textContent()).toBe(`Booking cancelled. Refund: ${preview![1]}`);
    await retryUntil(async () => expect(await page.getByTestId('booking-status').textContent()).toBe('Cancelled'), 10_000);
    expect(await page.getByTestId('booking-cancellation-reason').textContent()).toBe('Guest ill');
    expect(await page.getByTestId('booking-cancellation-refund').textContent()).toMatch(/^USD [\d,]+\.\d{2} · AED [\d,]+\.\d{2}$/);
    // As on the agent's page and the invoice: no net, commission or money to collect for a cancelled booking.
    for (const fact of ['net', 'commission', 'collect']) expect(await page.getByTestId(`booking-${fact}`).textContent()).toBe('None: the booking is cancelled');
    expect(await page.getByTestId('booking-actions').count()).toBe(0);
    await shot(page, 'booking-panel-real-cancelled-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('accounts may only cancel, and reads the history in Russian and English', async () => {
    // The document worker's record of a voucher, as it lands on the booking's stream (its file's key, size and
    // checksum stay in the API's answer; the timeline names the document and says the system made it).
    const store = web.app.get<EventStore>(EVENT_STORE);
    const { version } = (await bookingForDocuments(store, pending.id))!;
    const document = { kind: 'voucher' as const, language: 'rus' as const, bookingVersion: version, storageKey: `documents/test/${pending.id}/voucher-rus.pdf`, checksum: 'ab'.repeat(32), bytes: 35_895 };
    expect(await recordDocumentIssued(new CommandRunner(store), pending.id, document, systemContext('documents'))).toEqual({ recorded: true });
    const ru = await openBooking(accounts, pending, 'ru');
    expect(await ru.page.getByTestId('booking-actions').locator('button').allTextContents()).toEqual(['Отменить бронирование']);
    await ru.page.getByTestId('booking-tab-history').click();
    await ru.page.getByTestId('booking-history').waitFor();
    expect(await ru.page.getByTestId('booking-history-what').allTextContents()).toEqual(['Сформирован документ: Ваучер (русский)', 'Изменены дата, время или люди', 'Изменены данные гостя', 'Изменены данные гостя', 'Подтверждено', 'Забронировано']);
    expect(await ru.page.getByTestId('booking-history-who').first().textContent()).toBe('Система');
    await shot(ru.page, 'booking-panel-real-history-ru');
    await ru.context.close();

    const { page, context, errors } = await openBooking(accounts, pending);
    await page.getByTestId('booking-tab-history').click();
    await page.getByTestId('booking-history').waitFor();
    const entries = page.getByTestId('booking-history-entry');
    expect(await page.getByTestId('booking-history-what').allTextContents()).toEqual(['Document issued: Voucher (Russian)', 'Date, time or people changed', 'Guest details changed', 'Guest details changed', 'Confirmed', 'Booked']);
    expect(await page.getByTestId('booking-history-who').allTextContents()).toEqual(['System', 'Rashid Nair', 'Rashid Nair', 'Rashid Nair', 'Rashid Nair', 'Daniel Brooks']);
    expect(await entries.nth(0).textContent()).not.toMatch(/ab{2}|35895|voucher-rus\.pdf/);
    // The voucher was made from the booking as its reschedule left it: that entry's time says which version.
    expect(await page.getByTestId('booking-history-document-as-of').textContent()).toBe(
      `Booking as of: ${await entries.nth(1).locator('.booking-history__when').textContent()} (Date, time or people changed)`,
    );
    expect(await entries.nth(1).textContent()).toContain('Adults: 2 → 3');
    expect(await entries.nth(1).textContent()).toMatch(/Total \(USD\): USD [\d,]+\.\d{2} → USD [\d,]+\.\d{2}/);
    // The second save changed only what its form changed: the colleague's note (the entry before it) stays.
    expect(await entries.nth(2).textContent()).toContain('Room: 1204 → 1502');
    expect(await entries.nth(2).textContent()).toContain('Phones: +971501234567 → +971501234567, +971509876543');
    expect(await entries.nth(2).textContent()).not.toContain('Notes');
    expect(await entries.nth(3).textContent()).toContain('Note from a colleague');
    expect(await entries.nth(4).textContent()).toContain('Status: Pending → Normal');
    expect(await entries.nth(4).textContent()).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    // By keyboard: Tab from the History tab reaches the 'Values when booked' toggle (the panel's focus trap once
    // wrapped before it), and Enter opens it.
    await page.getByTestId('booking-tab-history').focus();
    for (let i = 0; i < 10 && (await page.evaluate('document.activeElement.tagName')) !== 'SUMMARY'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toMatch(/^Values when booked/);
    await page.keyboard.press('Enter');
    expect(await entries.last().locator('details').getAttribute('open')).not.toBeNull();
    expect(await entries.last().textContent()).toContain(`Guest name: ${pending.guestName}`);
    await expectNoA11yViolations(page, 'booking history');
    await shot(page, 'booking-panel-real-history-en');
    // Opened at its address (no opener), Escape gives the focus to the page's title, not to <body>.
    await page.goto(`/bookings?id=${pending.id}`);
    await page.getByTestId('booking-section-trip').waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await retryUntil(async () => expect(await page.evaluate('document.activeElement.tagName')).toBe('H1'), 5_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
