import type { Knex } from 'knex';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import type { ApiSuite } from '../support/api';
import { bookableSetup, bookingBody, versionOf, type BookableSetup } from '../support/booking';
import { webSuite } from '../support/browser';
import { seedDemo } from '../support/reference';
import { openApp } from './shell-helpers';

/*
 * The money both booking pages show (the agent's /agent/bookings/details/{id} and the operator's panel) where the
 * audit found them wrong: a cancelled booking whose guest had paid beyond a lowered price still shows that excess
 * beside the refund; a direct sale (the supplier's staff sold it) labels its commission and net as the staff's.
 */
jest.setTimeout(180_000);
const web = webSuite();

const token = (who: Record<string, string>) => who.Authorization!.slice('Bearer '.length);

/** The agent's page of a booking, its money card shown. */
async function agentPage(id: number, who: Record<string, string>, lang: 'en' | 'ru' = 'en') {
  const opened = await openApp(web.browser, web.baseUrl, `/agent/bookings/details/${id}`, { token: token(who), lang });
  await opened.page.getByTestId('booking-money').waitFor();
  return opened;
}

/** The operator's panel of a booking (/bookings?id=). */
async function operatorPanel(id: number, who: Record<string, string>, lang: 'en' | 'ru' = 'en') {
  const opened = await openApp(web.browser, web.baseUrl, `/bookings?id=${id}`, { token: token(who), lang });
  await opened.page.getByTestId('booking-section-money').waitFor();
  return opened;
}

/** A fact of the panel: its label and its value, as one text. */
const panelFact = (page: Page, testId: string) => page.locator('.booking-panel__fact', { has: page.getByTestId(testId) }).innerText();

let s: BookableSetup;
let overpaid: number;
let direct: number;
/** The refund of the total, as the policy in force gave it. */
let refundUsd: number;

beforeAll(async () => {
  const app = web.app;
  const db = app.get<Knex>(KNEX);
  const store = app.get<EventStore>(EVENT_STORE);
  const api: ApiSuite = { app, http: request(app.getHttpServer()), db, store, settled: (p, pos, ms = 10_000) => waitForProjection(db, store, p, pos, ms) };
  await seedDemo(app);
  s = await bookableSetup(api);
  // Paid 300 for three adults, then one adult (USD 100): 200 paid beyond the price; then cancelled.
  const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 3, guestName: 'Olga Overpaid', paid: 300, paidOrig: 1095 }));
  expect(created.body).toMatchObject({ IsOk: true });
  overpaid = created.body.Content.id;
  const fewer = await api.http.post(`/api/bookings/${overpaid}/reschedule`).set(s.operations).send({ date: s.date, timeSlotId: s.timeSlotId, adults: 1, children: 0, version: await versionOf(api, overpaid) });
  expect(fewer.body).toMatchObject({ IsOk: true, Content: { paidBeyondPriceUsd: 200 } });
  const cancelled = await api.http.post(`/api/bookings/${overpaid}/cancel`).set(s.accounts).send({ reason: 'guest request' });
  expect(cancelled.body).toMatchObject({ IsOk: true, Content: { paidBeyondPriceUsd: 200 } });
  refundUsd = cancelled.body.Content.cancellation.refundUsd;
  const sold = await api.http.post('/api/agent/bookings').set(s.admin).send(bookingBody(s, { adults: 2, guestName: 'Dana Direct', collect: 50 }));
  expect(sold.body).toMatchObject({ IsOk: true });
  direct = sold.body.Content.id;
  // The direct sale came last: the read model holding it holds the cancel too.
  await api.settled('booking_details', sold.body.Content.position);
});

it('a cancelled booking still shows what the guest paid beyond its price beside the refund, on both pages', async () => {
  const agent = await agentPage(overpaid, s.agent);
  try {
    expect(await agent.page.getByTestId('booking-refund').innerText()).toContain(`Refund USD ${refundUsd.toFixed(2)}`);
    expect(await agent.page.getByTestId('booking-refund-beyond').innerText()).toBe('Paid beyond the price (to refund to the guest) USD 200.00 · AED 730.00');
  } finally {
    await agent.context.close();
  }
  const ru = await agentPage(overpaid, s.agent, 'ru');
  try {
    expect(await ru.page.getByTestId('booking-refund-beyond').innerText()).toContain('Оплачено сверх цены (вернуть гостю)');
  } finally {
    await ru.context.close();
  }
  const operator = await operatorPanel(overpaid, s.accounts);
  try {
    const section = operator.page.getByTestId('booking-section-cancellation');
    expect(await section.getByTestId('booking-cancellation-refund').innerText()).toContain(`USD ${refundUsd.toFixed(2)}`);
    expect(await panelFact(operator.page, 'booking-cancellation-paid-beyond')).toMatch(/Paid beyond the price \(to refund to the guest\)\s+USD 200\.00 · AED 730\.00/);
  } finally {
    await operator.context.close();
  }
});

it("a direct sale's commission and net are the staff's on both pages, never an agency's", async () => {
  const staff = await agentPage(direct, s.admin);
  try {
    const money = await staff.page.getByTestId('booking-money').innerText();
    expect(await staff.page.getByTestId('booking-commission').innerText()).toMatch(/^Staff commission\s+USD/);
    expect(await staff.page.getByTestId('booking-net').innerText()).toMatch(/^Net total after the staff commission\s+USD/);
    expect(money).not.toContain('Agency commission');
  } finally {
    await staff.context.close();
  }
  const operator = await operatorPanel(direct, s.accounts, 'ru');
  try {
    expect(await panelFact(operator.page, 'booking-commission')).toMatch(/^Комиссия сотрудника\s+USD/);
    expect(await panelFact(operator.page, 'booking-net')).toMatch(/^Нетто за вычетом комиссии сотрудника\s+USD/);
    expect(await operator.page.getByTestId('booking-section-money').innerText()).not.toContain('Комиссия агентства');
  } finally {
    await operator.context.close();
  }
  // An agency's booking keeps the agency's words.
  const agency = await operatorPanel(overpaid, s.accounts);
  try {
    expect(await panelFact(agency.page, 'booking-commission')).toMatch(/^Agency commission/);
  } finally {
    await agency.context.close();
  }
});
