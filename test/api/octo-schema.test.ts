import { randomUUID } from 'node:crypto';
import { OctoClock } from '@tbo/connectivity';
import { apiSuite } from '../support/api';
import { confirmBody, octoSetupForFile, reserveBody } from '../support/octo-setup';

/*
 * Answers the OCTO standard's schemas require of us: an availability that says "available" for units must take
 * them when reserved, and a booking's availability carries every field the standard's Availability requires.
 */
describe('OCTO supplier API: answers the standard requires', () => {
  const api = apiSuite();
  // More seats than the offer's group of 30, so only the unit rule can refuse 31 adults.
  const s = octoSetupForFile(api, { capacity: 40 });

  const check = (units: { id: string; quantity: number }[]) => api.http.post('/octo/availability').set(s.octo).send({ productId: String(s.tourId), optionId: String(s.offerId), availabilityIds: [`${s.date}T09:00:00+04:00`], units });

  it('reads an availability as unavailable for units the reservation refuses, and shows the option’s largest group', async () => {
    const ok = await check([{ id: 'adult', quantity: 30 }]);
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toMatchObject({ available: true, status: 'AVAILABLE', vacancies: 40, maxUnits: 30 });

    for (const [units, refusal] of [
      [[{ id: 'adult', quantity: 31 }], 'This option takes at most 30 adults and children'],
      [[{ id: 'child', quantity: 2 }], 'A booking needs at least one adult unit'],
    ] as const) {
      const answer = await check([...units]);
      expect(answer.status).toBe(200);
      // The slot itself still sells (other units may book it): only `available` answers for these units.
      expect(answer.body[0]).toMatchObject({ available: false, status: 'AVAILABLE', vacancies: 40 });
      const unitItems = units.flatMap((u) => Array.from({ length: u.quantity }, () => ({ unitId: u.id })));
      const reserved = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid: randomUUID(), unitItems }));
      expect(reserved.status).toBe(400);
      expect(reserved.body).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: refusal });
    }

    const products = await api.http.get('/octo/products').set(s.octo);
    expect(products.body[0].options[0].restrictions).toEqual({ minUnits: expect.any(Number), maxUnits: 30 });
  });

  it("gives every booking answer's availability the fields the standard's Availability requires, as of now", async () => {
    const uuid = randomUUID();
    const reserved = await api.http.post('/octo/bookings').set(s.octo).send(reserveBody(s, { uuid, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] }));
    expect(reserved.status).toBe(200);
    const required = { id: `${s.date}T09:00:00+04:00`, localDateTimeStart: `${s.date}T09:00:00+04:00`, localDateTimeEnd: `${s.date}T10:30:00+04:00`, utcCutoffAt: `${s.date}T03:00:00Z`, allDay: false, openingHours: [] };
    // The hold takes its two seats off the departure the availability reads.
    expect(reserved.body.availability).toEqual({ ...required, available: true, status: 'AVAILABLE', vacancies: 38, capacity: 40, maxUnits: 30 });

    const confirmed = await api.http.post(`/octo/bookings/${uuid}/confirm`).set(s.octo).send(confirmBody());
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.availability).toEqual({ ...required, available: true, status: 'AVAILABLE', vacancies: 38, capacity: 40, maxUnits: 30 });

    // Past the cutoff the availability no longer sells: it reads closed, with every field still there.
    const clock = api.app.get(OctoClock);
    const real = clock.now.bind(clock);
    clock.now = () => new Date(`${s.date}T04:00:00Z`);
    try {
      const got = await api.http.get(`/octo/bookings/${uuid}`).set(s.octo);
      expect(got.status).toBe(200);
      expect(got.body.availability).toEqual({ ...required, available: false, status: 'CLOSED', vacancies: 0, capacity: 0, maxUnits: 30 });
    } finally {
      clock.now = real;
    }
  });
});
