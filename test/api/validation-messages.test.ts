import { apiSuite, bearer, binary, expectErrorEnvelope, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';

/*
 * The field messages a review of the running API found wrong or unclear: each bad input answers a 400 envelope
 * whose Content.errors names the field and says what is wrong with it, once, in words that point at the mistake.
 */
describe('validation messages: each refusal names its field and says what is wrong', () => {
  const api = apiSuite();
  let agent: Record<string, string>;
  let operations: Record<string, string>;
  let arrivals: Record<string, string>;

  /** The refusal's field messages, after checking it is a 400 envelope. */
  const errorsOf = (res: { status: number; body: unknown }): Record<string, string[]> => {
    expectErrorEnvelope(res, 400);
    return (res.body as { Content: { errors: Record<string, string[]> } }).Content.errors;
  };

  beforeAll(async () => {
    const { supplierId, agencyId } = await registerTenants(api.app);
    agent = bearer(await tokenFor(['agent'], { agencyId, supplierId: null, isAgencyAdmin: true }));
    operations = bearer(await tokenFor(['operations'], { supplierId }));
    arrivals = bearer(await tokenFor(['arrivalsmanager'], { supplierId }));
  });

  it("says a query parameter that takes one value but was sent twice is to be given once, whatever its type", async () => {
    const cases: [string, string][] = [
      ['/api/agent/bookings?orderBy=date&orderBy=date', 'orderBy'],
      ['/api/agent/bookings?showMy=1&showMy=1', 'showMy'],
      ['/api/agent/bookings?page=1&page=1', 'page'],
      ['/api/agent/bookings?from=01.12.2026&from=01.12.2026', 'from'],
      ['/api/agent/commissions?groupId=5&groupId=5', 'groupId'],
      ['/bookings/download/voucher/390?lang=eng&lang=eng', 'lang'],
      ['/api/agent/offers/price?tourId=3&tourId=3&date=2026-12-20', 'tourId'],
      ['/api/arrivals/groups/50001?after=1&after=1', 'after'],
    ];
    for (const [path, name] of cases) {
      const who = path.startsWith('/api/arrivals') ? arrivals : agent;
      expect({ path, errors: errorsOf(await api.http.get(path).set(who)) }).toEqual({ path, errors: { [name]: [`${name} must be given once`] } });
    }
    // A parameter that takes a list still takes one given twice.
    expect((await api.http.get('/api/agent/bookings?hotelIds=1&hotelIds=2').set(agent)).status).toBe(200);
  });

  it('refuses a page that is no whole number rather than guessing one, in bodies and queries', async () => {
    for (const path of ['/api/bookings/operations', '/api/agent/bookings/export/xlsx']) {
      const who = path.startsWith('/api/agent') ? agent : operations;
      const post = (body: Record<string, unknown>) => api.http.post(path).set(who).send(body);
      expect(errorsOf(await post({ page: true }))).toEqual({ page: ['page must be a number'] });
      expect(errorsOf(await post({ page: [[2]] }))).toEqual({ page: ['page must be a number'] });
      expect(errorsOf(await post({ page: null }))).toEqual({ page: ['page must be a number'] });
      expect(errorsOf(await post({ pageSize: [50] }))).toEqual({ pageSize: ['pageSize must be a number'] });
      expect(errorsOf(await post({ page: '0x2' }))).toEqual({ page: ['page must be a whole number'] });
      expect(errorsOf(await post({ page: 1.5 }))).toEqual({ page: ['page must be a whole number'] });
      // A number, and the digits the agent list's export sends as its query's text, are taken.
      for (const body of [{ page: 2, pageSize: 50 }, { page: '2', pageSize: '50' }]) expect((await api.http.post(path).set(who).send(body).buffer(true).parse(binary)).status).toBe(200);
    }
    expect(errorsOf(await api.http.get('/api/agent/bookings?pageSize=0x10').set(agent))).toEqual({ pageSize: ['pageSize must be a whole number'] });
    expect(errorsOf(await api.http.get('/api/agent/bookings?page=').set(agent))).toEqual({ page: ['page must be a whole number'] });
    expect((await api.http.get('/api/agent/bookings?page=1&pageSize=16').set(agent)).status).toBe(200);
  });

  it('says how long a list may be, and that a list is expected', async () => {
    const filtered = (body: Record<string, unknown>) => api.http.post('/api/arrivals/filtered').set(arrivals).send(body);
    expect(errorsOf(await filtered({ statuses: Array(11).fill(1) }))).toEqual({ statuses: ['statuses must list at most 10 statuses'] });
    expect(errorsOf(await filtered({ hotelIds: Array.from({ length: 501 }, (_, i) => i) }))).toEqual({ hotelIds: ['hotelIds must list at most 500 hotels'] });
    expect(errorsOf(await filtered({ salesStaffIds: Array.from({ length: 501 }, (_, i) => i + 1) }))).toEqual({ salesStaffIds: ['salesStaffIds must list at most 500 sales staff'] });
    expect(errorsOf(await filtered({ hotelIds: 'x' }))).toEqual({ hotelIds: ['hotelIds must be a list of ids'] });
    expect((await filtered({ statuses: [0, 1, 2, 3, 4, 5, 6, -1], hotelIds: Array.from({ length: 500 }, (_, i) => i) })).status).toBe(200);
    const exported = await api.http.post('/api/agent/bookings/export/xlsx').set(agent).send({ hotelIds: { a: 1 } });
    expect(errorsOf(exported)).toEqual({ hotelIds: ['hotelIds must be a list of ids'] });
  });

  it('says each problem once, a field left out is required, and an id below 1 must be positive', async () => {
    const booking = await api.http.post('/api/agent/bookings').set(agent).send({ date: '2026-12-21T10:00:00Z', tourId: 1, offerId: 1, adults: 1 });
    expect(errorsOf(booking).date).toEqual(['Date must be a date (YYYY-MM-DD)']);
    const longDate = await api.http.get(`/api/agent/offers/price?tourId=3&date=${'2'.repeat(300)}`).set(agent);
    expect(errorsOf(longDate)).toEqual({ date: ['date must be a date (YYYY-MM-DD)'] });
    expect(longDate.body.ErrorMessage).toBe('date must be a date (YYYY-MM-DD)');
    expect(errorsOf(await api.http.get('/api/agent/offers/price?tourId=-1&date=2026-12-20').set(agent))).toEqual({ tourId: ['tourId must be a positive number'] });
    expect(errorsOf(await api.http.get('/api/agent/offers/price?date=2026-12-20').set(agent))).toEqual({ tourId: ['tourId is required'] });
    expect(errorsOf(await api.http.get('/api/agent/customers/groupInfo?hotelId=1').set(agent))).toEqual({ groupInfoId: ['groupInfoId is required'] });
    const manual = errorsOf(await api.http.post('/api/arrivals/manual').set(arrivals).send({}));
    expect(manual).toEqual({ paxId: ['Pax Id is required'], touristName: ['Tourist name is required'] });
    expect(errorsOf(await api.http.post('/api/arrivals/manual').set(arrivals).send({ paxId: 5, touristName: 'Anna' }))).toEqual({ paxId: ['Pax Id must be text'] });
    const reschedule = errorsOf(await api.http.post('/api/bookings/390/reschedule').set(operations).send({ version: 0, adults: 1 }));
    expect(reschedule).toEqual({ date: ['Date is required'] });
  });

  it("keys a path parameter's refusal by its name", async () => {
    const res = await api.http.get('/api/arrivals/groups/0').set(arrivals);
    expect(errorsOf(res)).toEqual({ groupId: ['groupId must be a positive number'] });
    expect(res.body.ErrorMessage).toBe('groupId must be a positive number');
  });

  it('refuses an after that is no position, and query parameters a route does not take, on every route alike', async () => {
    expect(errorsOf(await api.http.get('/api/arrivals/groups/50001?after=x').set(arrivals))).toEqual({ after: ['after must be a position from a command answer'] });
    for (const path of ['/bookings/download/invoice/390', '/api/agent/bookings/downloadtickets/390', '/api/agent/hotels/fornewbooking', '/bookings/download/voucher/390']) {
      expect({ path, errors: errorsOf(await api.http.get(`${path}?x=1`).set(agent)) }).toEqual({ path, errors: { _: ['Unrecognized key: "x"'] } });
    }
    // Without the unknown parameter, each answers as before: the hotels, and the booking no one has.
    expect((await api.http.get('/api/agent/hotels/fornewbooking').set(agent)).status).toBe(200);
    expectErrorEnvelope(await api.http.get('/bookings/download/invoice/390').set(agent), 404);
    expectErrorEnvelope(await api.http.get('/api/agent/bookings/downloadtickets/390').set(agent), 404);
  });
});
