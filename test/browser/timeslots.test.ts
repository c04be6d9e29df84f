import type { Knex } from 'knex';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { EVENT_STORE, KNEX, metadataOf, systemContext, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants, registerUser } from '../support/identity';
import { apiOf, notification } from './catalog-helpers';
import { screenshotsTo } from './screenshots';
import { openApp, pathOf, retryUntil } from './shell-helpers';

process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE = '1'; // the fake provider listens on 127.0.0.1 (allowed for tests only)

/**
 * The time slot screens (spec 02 §2 time slots list, group edit, time slot edit; §4 save flows and time fields; §5
 * rules; §8 errors) against the real API and Postgres: a group is created after its required messages, a Fixed and
 * an Anytime slot after theirs, the days-offered rule, the 'Is External' toggle, and a reload shows everything as
 * saved; a group of another supplier and unreadable ids send the user away.
 */
const web = webSuite({ testTimeoutMs: 180_000 });
const shoot = screenshotsTo();
const api = apiOf(web);

let token: string;
let otherGroupId: number;
let independentGroupId: number;
let attractionsGroupId: number;
let octo: Server;
const PICK_UP = 'Marina hotels pick-up';
const PROVIDER = 'Dubai attractions (OCTO)';

/** A provider speaking OCTO, as little as the editor asks of it: a fixed-time product and an opening-hours one. */
const OCTO_PRODUCTS = [
  { id: 'BURJ', internalName: 'Burj Khalifa At the Top', availabilityType: 'START_TIME', options: [{ id: 'DEFAULT', default: true, availabilityLocalStartTimes: ['09:00', '11:30'] }] },
  { id: 'AQUA', internalName: 'Aquaventure day pass', availabilityType: 'OPENING_HOURS', options: [{ id: 'DAY', default: true, availabilityLocalStartTimes: ['00:00'] }] },
];
function startOcto(): Promise<string> {
  octo = createServer((req, res) => {
    const product = OCTO_PRODUCTS.find((p) => req.url === `/octo/products/${p.id}`);
    const body = req.url === '/octo/products' ? OCTO_PRODUCTS : product ? product : req.url === '/octo/availability' ? [] : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'INVALID_PRODUCT_ID', errorMessage: 'No such product' }));
  });
  return new Promise((resolve) => octo.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(octo.address() as AddressInfo).port}/octo`)));
}
const idOf = (res: Awaited<ReturnType<typeof api>>): number => (expect(res.status).toBe(200), res.body.Content.id as number);
afterAll(() => new Promise((resolve) => (octo ? octo.close(() => resolve(undefined)) : resolve(undefined))));

beforeAll(async () => {
  const mine = await registerTenants(web.app);
  const other = await registerTenants(web.app);
  const admin = await registerUser(web.app, { roles: ['admin'], supplierId: mine.supplierId, fullName: 'Sami Slots' });
  token = await tokenFor(['admin'], { email: admin.email, fullName: 'Sami Slots', supplierId: mine.supplierId });
  const otherToken = await tokenFor(['admin'], { supplierId: other.supplierId });

  const pickUp = await api('POST', '/api/pickuptimes', token, { id: 0, name: PICK_UP, isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] });
  expect({ status: pickUp.status, error: pickUp.body.ErrorMessage }).toEqual({ status: 200, error: null });
  await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'pickup_times', pickUp.body.Content.position as string, 10_000);

  otherGroupId = idOf(await api('POST', '/api/timeslots/group', otherToken, { id: 0, name: 'Their departures', capacity: 5, minimumAdvancedBooking: 0 }));
  independentGroupId = idOf(await api('POST', '/api/timeslots/group', token, { id: 0, name: 'Private boats', capacity: 8, minimumAdvancedBooking: 2, isTimeSlotsIndependant: true }));
  const attractions = await api('POST', '/api/timeslots/group', token, { id: 0, name: 'Attractions', capacity: 100, minimumAdvancedBooking: 0 });
  expect(attractions.status).toBe(200);
  attractionsGroupId = attractions.body.Content.id as number;
  await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'time_slot_groups', attractions.body.Content.position as string, 10_000);

  const provider = await api('POST', '/api/connectivity/providers', token, { id: 0, name: PROVIDER, baseUrl: await startOcto(), apiKey: 'octo-test-key' });
  expect({ status: provider.status, error: provider.body.ErrorMessage }).toEqual({ status: 200, error: null });
  await waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'external_providers', provider.body.Content.position as string, 10_000);
}, 120_000);

const fieldErrors = (page: Page, form: string) => page.locator(`[data-testid=${form}] .tbo-field__error`).allTextContents();
/** The days-offered choices that are ticked, by their labels. */
async function dayChecked(page: Page): Promise<string[]> {
  const labels = await page.locator('[data-testid=days-offered] label').all();
  return (await Promise.all(labels.map(async (l) => ((await l.locator('input').isChecked()) ? ((await l.textContent()) ?? '').trim() : '')))).filter(Boolean);
}
const day = (page: Page, value: number) => page.getByTestId(`day-${value}`).locator('input');

/** The group's slots table as the user reads it: each row's cells with text ('|'-separated), top to bottom. */
async function slotRows(page: Page): Promise<string[]> {
  // A row is drawn in parts (the pinned edit column apart, and it has no text): joined by their row index.
  const rows = page.locator('[data-testid=slots-table] .ag-row');
  const byIndex = new Map<number, string[]>();
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = (await rows.nth(i).locator('.ag-cell').allTextContents()).map((c) => c.trim()).filter(Boolean);
    const index = Number(await rows.nth(i).getAttribute('row-index'));
    byIndex.set(index, [...(byIndex.get(index) ?? []), ...cells]);
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, cells]) => cells.join(' | '));
}

describe('time slots', () => {
  it('creates a group, a Fixed and an Anytime slot after their messages, keeps the days rule, and shows it all after a reload', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, '/timeslots', { token });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/timeslots(\/group)?$/.test(new URL(r.url()).pathname) && r.method() !== 'GET') posts.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    expect(await page.getByTestId('page-title').textContent()).toBe('Time Slots');
    await page.getByTestId('groups-table').getByText('Private boats').waitFor();

    // A new group: its required messages first, nothing sent.
    await page.getByTestId('group-add').click();
    await page.waitForURL((u) => u.pathname === '/timeslots/add');
    await page.getByTestId('group-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('New time slot group');
    expect(await page.getByTestId('slot-add').isDisabled()).toBe(true);
    expect(await page.getByTestId('slot-add-hint').textContent()).toBe('Save the group first to add time slots.');
    await page.getByTestId('group-save').click();
    await page.getByText('Group name is required').waitFor();
    expect(await fieldErrors(page, 'group-form')).toEqual(['Group name is required', 'Capacity is required and must be between 1 and 999999']);
    expect(posts).toEqual([]);

    await page.getByLabel('Group name').fill('Sunset cruise departures');
    await page.getByLabel('Capacity').fill('30');
    await page.getByLabel('Minimum advanced booking').fill('12');
    await page.getByLabel('Pick-up time').selectOption({ label: PICK_UP });
    expect(await fieldErrors(page, 'group-form')).toEqual([]);
    await page.keyboard.press('Control+s');
    await page.waitForURL((u) => /^\/timeslots\/\d+$/.test(u.pathname));
    const groupId = Number(pathOf(page).split('/')[2]);
    await notification(page, 'Time slot group Sunset cruise departures saved');
    expect(posts).toEqual(['POST /api/timeslots/group']);
    await page.getByTestId('page-title').filter({ hasText: /^Sunset cruise departures$/ }).waitFor();
    await page.getByTestId('slots-table').getByText('This group has no time slots yet.', { exact: false }).waitFor();

    // A Fixed slot: 'Time slot name is required' first; on request shows the cut-off; the days rule.
    await page.getByTestId('slot-add').click();
    await page.waitForURL((u) => u.pathname === `/timeslots/${groupId}/add`);
    await page.getByTestId('slot-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('New time slot');
    expect(await page.getByTestId('slot-group-name').textContent()).toBe('Group: Sunset cruise departures');
    expect(await page.getByLabel('Cut-off response time').count()).toBe(0);
    expect(await page.getByLabel('Interval').count()).toBe(0);
    expect(await page.getByTestId('slot-save').isEnabled()).toBe(true);
    await page.getByTestId('slot-save').click();
    await page.getByText('Time slot name is required').waitFor();
    expect(await fieldErrors(page, 'slot-form')).toEqual(['Time slot name is required']);

    await page.getByLabel('Time slot name').fill('Morning sail');
    await page.getByLabel('Start time').fill('0930');
    expect(await page.getByLabel('Start time').inputValue()).toBe('09:30');
    await page.getByLabel('End time').fill('11:30');
    await page.getByLabel('Duration').fill('120');
    await page.getByLabel(/^Type/).selectOption({ label: 'OnRequest' });
    await page.getByLabel('Cut-off response time').fill('24');
    // Capacity belongs to independent slots only.
    expect(await page.getByLabel('Capacity').count()).toBe(0);

    expect(await dayChecked(page)).toEqual(['Everyday']);
    await day(page, 1).check();
    expect(await dayChecked(page)).toEqual(['Monday']);
    await day(page, 4).check();
    expect(await dayChecked(page)).toEqual(['Monday', 'Wednesday']);
    await day(page, 0).check();
    expect(await dayChecked(page)).toEqual(['Everyday']);
    await day(page, 0).click(); // an empty choice is every day again
    expect(await dayChecked(page)).toEqual(['Everyday']);
    await day(page, 16).check();
    await day(page, 1).check();
    expect(await dayChecked(page)).toEqual(['Monday', 'Friday']);

    // 'Is External' (fixed time only) shows the provider's fields; off, they are gone.
    await page.getByRole('switch', { name: 'Is External' }).click();
    await page.getByTestId('external-fields').waitFor();
    expect(await page.getByLabel('Booking reference prefix').count()).toBe(1);
    await page.getByLabel('Booking reference prefix').fill('SUN');
    await page.getByRole('switch', { name: 'Is External' }).click();
    await page.getByTestId('external-fields').waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Is External' }).click();
    expect(await page.getByLabel('Booking reference prefix').inputValue()).toBe('');
    await page.getByRole('switch', { name: 'Is External' }).click();

    await page.getByTestId('slot-save').click();
    await page.waitForURL((u) => new RegExp(`^/timeslots/${groupId}/\\d+$`).test(u.pathname));
    const fixedId = Number(pathOf(page).split('/')[3]);
    await notification(page, 'Time slot Morning sail saved');
    await page.getByTestId('page-title').filter({ hasText: /^Morning sail$/ }).waitFor();

    // An Anytime slot: 'Interval is required' first; no external fields for it.
    await page.getByTestId('back-to-group').click();
    await page.waitForURL((u) => u.pathname === `/timeslots/${groupId}`);
    await page.getByTestId('slot-add').click();
    await page.getByTestId('slot-form').waitFor();
    await page.getByLabel('Time slot name').fill('Guest picks');
    await page.getByLabel('Time type').selectOption({ label: 'Anytime' });
    expect(await page.getByTestId('external-section').count()).toBe(0);
    await page.getByTestId('slot-save').click();
    await page.getByText('Interval is required').waitFor();
    expect(await fieldErrors(page, 'slot-form')).toEqual(['Interval is required']);
    await page.getByLabel('Interval').fill('30');
    for (const [label, time] of [['Start time', '20:00'], ['End time', '02:00']] as const) await page.getByLabel(label).fill(time);
    await page.getByText('Before the start: the tour ends the next day.').waitFor(); // an overnight slot, said at the field
    await page.getByTestId('slot-save').click();
    await page.waitForURL((u) => new RegExp(`^/timeslots/${groupId}/\\d+$`).test(u.pathname) && !u.pathname.endsWith(`/${fixedId}`));
    // (The first slot's 'Time slot saved' may still show: a notification of the same title is not added twice.)
    await page.getByTestId('page-title').filter({ hasText: /^Guest picks$/ }).waitFor();

    // A reload shows everything as saved: the group, its slots in words, each slot's fields.
    await page.goto(`/timeslots/${groupId}`);
    await page.getByTestId('group-form').waitFor();
    expect(await page.getByLabel('Group name').inputValue()).toBe('Sunset cruise departures');
    expect(await page.getByLabel('Capacity').inputValue()).toBe('30');
    expect(await page.getByLabel('Minimum advanced booking').inputValue()).toBe('12');
    expect(await page.getByLabel('Pick-up time').locator('option:checked').textContent()).toBe(PICK_UP);
    await page.getByTestId('slots-table').getByText('Guest picks').waitFor();
    expect(await slotRows(page)).toEqual([
      `Guest picks | Anytime 20:00–02:00 (+1 day), every 30 min | Live | Everyday | Group's`,
      `Morning sail | 09:30–11:30 | OnRequest | Mon, Fri | Group's`,
    ]);
    await page.getByTestId('slots-table').getByRole('link', { name: 'Morning sail', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/timeslots/${groupId}/${fixedId}`);
    await page.getByTestId('slot-form').waitFor();
    await page.reload();
    await page.getByTestId('slot-form').waitFor();
    expect(await page.getByLabel('Time slot name').inputValue()).toBe('Morning sail');
    expect(await page.getByLabel('Time type').locator('option:checked').textContent()).toBe('Fixed');
    expect(await page.getByLabel('Start time').inputValue()).toBe('09:30');
    expect(await page.getByLabel('End time').inputValue()).toBe('11:30');
    expect(await page.getByLabel('Duration').inputValue()).toBe('120');
    expect(await page.getByLabel(/^Type/).locator('option:checked').textContent()).toBe('OnRequest');
    expect(await page.getByLabel('Cut-off response time').inputValue()).toBe('24');
    expect(await dayChecked(page)).toEqual(['Monday', 'Friday']);
    expect(await page.getByRole('switch', { name: 'Is External' }).getAttribute('aria-checked')).toBe('false');

    // The list shows the group by name with its pick-up time's name and its slots.
    await page.goto('/timeslots');
    const row = page.locator('[data-testid=groups-table] .ag-row').filter({ hasText: 'Sunset cruise departures' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(PICK_UP);
    const slots = await row.getByTestId('group-row-slots').textContent();
    expect(slots).toMatch(/^2 slots/);
    expect(slots).toContain('Guest picks');
    expect(slots).toContain('Morning sail');
    await shoot(page, 'timeslots-list-en');
    expect(errors).toEqual([]);
    await context.close();

    // The same list in Russian: the pick-up time by its name there too.
    const ru = await openApp(web.browser, web.baseUrl, '/timeslots', { token, lang: 'ru' });
    const ruRow = ru.page.locator('[data-testid=groups-table] .ag-row').filter({ hasText: 'Sunset cruise departures' }).first();
    await ruRow.waitFor();
    expect(await ruRow.textContent()).toContain(PICK_UP);
    await shoot(ru.page, 'timeslots-list-ru');
    await ru.page.goto(`/timeslots/${groupId}`);
    await ru.page.getByTestId('slots-table').getByText('Guest picks').waitFor();
    await shoot(ru.page, 'timeslots-group-ru');
    expect(ru.errors).toEqual([]);
    await ru.context.close();
  });

  it("an external slot: the provider's product and start time by name, 'No time slots…' for a product without, and 'Is External' off clears it all", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/timeslots/${attractionsGroupId}/add`, { token });
    await page.getByTestId('slot-form').waitFor();
    await page.getByLabel('Time slot name').fill('Top of the Burj');
    await page.getByRole('switch', { name: 'Is External' }).click();
    await page.getByLabel('Provider', { exact: true }).selectOption({ label: PROVIDER });
    const product = page.getByTestId('external-adult-product');
    await product.locator('option', { hasText: 'Aquaventure day pass' }).waitFor({ state: 'attached' });
    await product.selectOption({ label: 'Aquaventure day pass' });
    await page.getByText('No time slots for selected product. Maybe it should be guest defines time?').waitFor();
    await product.selectOption({ label: 'Burj Khalifa At the Top' });
    const time = page.getByTestId('external-adult-slot');
    await time.locator('option', { hasText: '11:30' }).waitFor({ state: 'attached' });
    expect(await page.getByText('No time slots for selected product.', { exact: false }).count()).toBe(0);
    await time.selectOption({ label: '11:30' });
    expect(await page.getByLabel('Start time').inputValue()).toBe('11:30');
    await page.getByLabel('Code type').selectOption({ label: 'QR Code' });
    await page.getByLabel('Booking reference prefix').fill('BK');
    await page.getByTestId('slot-save').click();
    await page.waitForURL((u) => new RegExp(`^/timeslots/${attractionsGroupId}/\\d+$`).test(u.pathname));
    const slotId = Number(pathOf(page).split('/')[3]);

    await page.reload();
    await page.getByTestId('external-fields').waitFor();
    const picked = async (testId: string) => page.getByTestId(testId).locator('option:checked').textContent();
    await product.locator('option', { hasText: 'Aquaventure day pass' }).waitFor({ state: 'attached' });
    // The providers list loads on its own (until then the chooser reads 'Loading…'): waited for by its name.
    await page.getByLabel('Provider', { exact: true }).locator('option:checked', { hasText: PROVIDER }).waitFor({ state: 'attached' });
    expect(await picked('external-adult-product')).toBe('Burj Khalifa At the Top');
    expect(await picked('external-adult-slot')).toBe('11:30');
    expect(await page.getByLabel('Code type').locator('option:checked').textContent()).toBe('QR Code');
    expect(await page.getByLabel('Booking reference prefix').inputValue()).toBe('BK');

    // Off clears every external field, and so it is saved.
    await page.getByRole('switch', { name: 'Is External' }).click();
    await page.getByTestId('slot-save').click();
    await notification(page, 'Time slot Top of the Burj saved');
    const saved = await api('GET', `/api/timeslots/groups/${attractionsGroupId}`, token);
    const slot = (saved.body.Content.timeSlots as Record<string, unknown>[]).find((x) => x.id === slotId);
    expect(slot).toMatchObject({ isExternalId: false, externalProviderId: null, externalProductId: '', externalProductMappingValue: '', externalId: '', externalProviderCodeType: 0, bookingReferencePrefix: '' });
    // Deleting it goes back to the group with the one notice: the slot it just deleted is not 'not found'.
    for (const button of ['slot-delete', 'slot-confirm-yes']) await page.getByTestId(button).click();
    await page.waitForURL((u) => u.pathname === `/timeslots/${attractionsGroupId}`);
    await page.getByTestId('group-form').waitFor();
    expect((await page.getByTestId('notification').allTextContents()).filter((n) => !n.startsWith('Time slot saved'))).toEqual(['Time slot deletedTop of the Burj']);
    // The group lists it apart, folded away; Restore brings it back into the table.
    await page.getByTestId('deleted-slots-toggle').check();
    await page.getByTestId('deleted-slot').filter({ hasText: 'Top of the Burj' }).getByTestId('deleted-slot-restore').click();
    await page.getByTestId('slots-table').getByTestId('slot-row-name').filter({ hasText: 'Top of the Burj' }).waitFor();
    expect(await page.getByTestId('deleted-slots').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an independent group's slot has its own capacity; saving before the group is here says 'Time slot group not initialized'", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/timeslots/${independentGroupId}/ADD`, { token });
    await page.getByTestId('slot-form').waitFor();
    expect(await page.getByLabel('Capacity').count()).toBe(1);
    expect(await page.getByLabel('Minimum advanced booking').count()).toBe(1);

    // Spec 02 §8: held back, the group has not arrived when Ctrl+S is pressed.
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/api/timeslots/groups/${independentGroupId}*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('slot-loading').waitFor();
    await page.getByTestId('back-to-group').focus();
    await page.keyboard.press('Control+s');
    await notification(page, 'Time slot group not initialized');
    release();
    await page.getByTestId('slot-form').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a group changed elsewhere meanwhile answers the save with a conflict, and Reload shows the other change', async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/timeslots/${independentGroupId}`, { token });
    await page.getByTestId('group-form').waitFor();
    const current = await api('GET', `/api/timeslots/groups/${independentGroupId}`, token);
    const changed = await api('PUT', '/api/timeslots/group', token, { ...current.body.Content, name: 'Private boats (Marina)' });
    expect(changed.status).toBe(200);
    const form = page.getByTestId('group-form');
    await form.getByLabel('Capacity').fill('9');
    await page.getByTestId('group-save').click();
    await page.getByTestId('group-conflict').waitFor();
    await page.getByTestId('group-reload').click();
    await page.getByTestId('group-conflict').waitFor({ state: 'detached' });
    expect(await form.getByLabel('Group name').inputValue()).toBe('Private boats (Marina)');
    expect(await form.getByLabel('Capacity').inputValue()).toBe('8');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a group whose pick-up time was deleted shows none and says so; its slots' seat sharing is refused at the field while a date is closed", async () => {
    const settled = (projection: string, position: unknown) => waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), projection, position as string, 10_000);
    const doomed = await api('POST', '/api/pickuptimes', token, { id: 0, name: 'Creek pick-up', isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] });
    const groupId = (await api('POST', '/api/timeslots/group', token, { id: 0, name: 'Creek walks', capacity: 12, minimumAdvancedBooking: 0, pickUpTimeId: doomed.body.Content.id })).body.Content.id as number;
    const slot = await api('POST', '/api/timeslots', token, { id: 0, groupId, name: 'Morning walk', timeType: 0, startTimeDescription: '08:00', endTimeDescription: '10:00', duration: 120, type: 0, daysOfferedList: [0] });
    // In use, it is no longer deleted: this one was deleted before that rule (its event written as it was then).
    const { id, supplierId } = (await web.app.get<EventStore>(EVENT_STORE).readStream(`pickuptime-${doomed.body.Content.id as number}`))[0]!.data as { id: number; supplierId: number };
    const gone = await web.app.get<EventStore>(EVENT_STORE).appendToStream(`pickuptime-${id}`, [{ type: 'PickUpTimeDeleted', data: { id, supplierId } }], { expectedRevision: 'any', metadata: metadataOf(systemContext('test')) });
    const date = addDays(dubaiToday(), 1);
    const closed = await api('POST', '/api/availability/close', token, { groupId, date });
    expect([slot.status, closed.status]).toEqual([200, 200]);
    await Promise.all([settled('pickup_times', gone.position), settled('time_slot_groups', slot.body.Content.position)]);
    await settled('availability', closed.body.Content.position);

    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/timeslots/${groupId}`, { token });
    const form = page.getByTestId('group-form');
    await form.getByText('The pick-up time chosen before has been deleted, so none is set now. Save to keep it that way, or choose another.').waitFor();
    expect(await form.getByLabel('Pick-up time').locator('option:checked').textContent()).toBe('No pick-up time');

    const locked = `The slots' seat sharing cannot change: departures from ${date.split('-').reverse().join('.')} on have seats sold or held, closed dates or a capacity of their own`;
    await form.getByRole('switch', { name: 'Time slots are independent' }).click();
    await page.getByTestId('group-save').click();
    await retryUntil(async () => expect(await fieldErrors(page, 'group-form')).toEqual([locked]), 10_000);
    await shoot(page, 'timeslots-group-seat-sharing');

    // Reopened, the date no longer holds the group's seats: the same save goes through, without the pick-up time.
    const reopened = await api('POST', '/api/availability/reopen', token, { groupId, date });
    await settled('availability', reopened.body.Content.position);
    await page.getByTestId('group-save').click();
    await notification(page, 'Time slot group Creek walks saved');
    expect((await api('GET', `/api/timeslots/groups/${groupId}`, token)).body.Content).toMatchObject({ pickUpTimeId: null, isTimeSlotsIndependant: true });
    expect(await form.getByText('The pick-up time chosen before has been deleted', { exact: false }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends another supplier's group, and ids it cannot read, away (spec 02 §8)", async () => {
    const { context, page, errors } = await openApp(web.browser, web.baseUrl, `/timeslots/${otherGroupId}`, { token });
    await page.waitForURL((u) => u.pathname === '/timeslots');
    const note = page.getByTestId('notification').filter({ hasText: 'Time slot group not found or you are not allowed to manage it' }).first();
    await note.waitFor();
    expect(await note.textContent()).toContain('Not found');
    const group = `/timeslots/${independentGroupId}`;
    for (const [to, back] of [[`/timeslots/${otherGroupId}/add`, '/timeslots'], ['/timeslots/abc', '/timeslots'], [`${group}/abc`, group], [`${group}/99999999`, group]]) await page.goto(to!).then(() => page.waitForURL((u) => u.pathname === back));
    await notification(page, 'Time slot not found or you are not allowed to manage it');
    expect(errors).toEqual([]);
    await context.close();
  });
});
