import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import request from 'supertest';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { bearer, tokenFor } from '../support/api';
import { webSuite } from '../support/browser';
import { registerTenants } from '../support/identity';
import { openApp, retryUntil } from './shell-helpers';

/**
 * An inline edit of the arrivals table saves on the group version its row was loaded at: a colleague's change made
 * since is refused (409), said so, and kept; the reloaded row then takes the edit. The guest's own notes show apart.
 */
const web = webSuite({ testTimeoutMs: 120_000 });
const tag = randomBytes(3).toString('hex');
const G = 8100 + Math.floor(Math.random() * 800);

it("a row edit on a stale group version is refused and said so; the colleague's notes stay", async () => {
  const http = request(web.app.getHttpServer());
  const { supplierId } = await registerTenants(web.app);
  const manager = await tokenFor(['arrivalsmanager'], { supplierId, email: `conflict.${tag}@test.local`, fullName: 'Mona Manager' });
  const admin = bearer(await tokenFor(['arrivalsadmin'], { supplierId, email: `conflict-adm.${tag}@test.local`, fullName: 'Adam Admin' }));
  const post = async (path: string, body: object) => {
    const res = await http.post(path).set(admin).send(body);
    expect(res.status).toBe(200);
    return res.body.Content as { version: number | null; position: string | null };
  };
  const today = dubaiToday();
  const entered = await post('/api/arrivals/manual', { listName: 'Conflict', paxId: `C${tag}`, touristName: `Carla ${tag}`, groupId: G, arrivalDate: today, departureDate: addDays(today, 2), notes: 'Wants desert safari' });
  const projected = (position: string | null) => waitForProjection(web.app.get<Knex>(KNEX), web.app.get<EventStore>(EVENT_STORE), 'arrivals', position!, 10_000);
  // A group info save asks the arrivals table whether the group is the supplier's.
  await projected(entered.position);
  await projected((await post('/api/arrivals/groupinfo', { groupId: G, status: 0, notes: 'B: cancelled', version: null })).position);

  const { page, context, errors } = await openApp(web.browser, web.baseUrl, `/arrivals?groupId=${G}`, { token: manager, width: 1920, height: 900 });
  const table = page.getByTestId('arrivals-table');
  const cell = (col: string) => table.locator(`.ag-row [col-id="${col}"]`).first();
  // The grid draws only the columns in view: the notes are right of the room.
  const scrollTo = (x: number) => page.evaluate(`document.querySelector('[data-testid="arrivals-table"] .ag-body-horizontal-scroll-viewport').scrollTo(${x}, 0)`);
  await table.getByTestId('arrivals-row-name').waitFor();
  await scrollTo(1400);
  await retryUntil(async () => expect(await table.getByTestId('arrivals-row-notes').allTextContents()).toEqual(['B: cancelled']), 15_000);
  // The guest's own notes: a column of their own, next to the group's.
  await retryUntil(async () => expect(await table.getByTestId('arrivals-row-guest-notes').allTextContents()).toEqual(['Wants desert safari']), 5_000);
  await scrollTo(0);

  // The colleague saves the group's notes after the table was loaded.
  const moved = await post('/api/arrivals/groupinfo', { groupId: G, status: 0, notes: 'B2: call at 7pm', phoneNumbers: ['+971502222222'], version: 0 });
  expect(moved.version).toBe(1);
  await cell('touristName').dblclick();
  await cell('roomNumber').locator('input').fill('204');
  await page.getByRole('button', { name: 'Save (Enter)' }).first().click();
  await retryUntil(async () => expect(await page.getByTestId('notification').filter({ hasText: 'Changed meanwhile' }).count()).toBe(1), 15_000);
  expect(await page.getByTestId('notification').filter({ hasText: 'Changed meanwhile' }).innerText()).toContain(`group ${G}`);
  // Reloaded: the row shows the colleague's notes; the group is as they left it.
  await scrollTo(1400);
  await retryUntil(async () => expect(await table.getByTestId('arrivals-row-notes').allTextContents()).toEqual(['B2: call at 7pm']), 15_000);
  expect((await http.get(`/api/arrivals/groups/${G}`).set(admin)).body.Content).toMatchObject({ notes: 'B2: call at 7pm', phoneNumbers: ['+971502222222'], hotels: [], version: 1 });

  // The edit made again lands on top of their change.
  await scrollTo(0);
  await cell('touristName').dblclick();
  await cell('roomNumber').locator('input').fill('204');
  await page.getByRole('button', { name: 'Save (Enter)' }).first().click();
  await retryUntil(async () => expect(await table.getByTestId('arrivals-row-room').allTextContents()).toEqual(['204']), 15_000);
  await retryUntil(
    async () => expect((await http.get(`/api/arrivals/groups/${G}`).set(admin)).body.Content).toMatchObject({ notes: 'B2: call at 7pm', phoneNumbers: ['+971502222222'], hotels: [{ hotelId: 0, roomNumber: '204' }], version: 2 }),
    10_000,
  );
  expect(errors).toEqual([]);
  await context.close();
});
