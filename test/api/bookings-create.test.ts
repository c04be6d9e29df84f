import { bookableSuite, bookingBody } from '../support/booking';

describe('bookings: POST /api/agent/bookings and the booking it makes', () => {
  const { api, s } = bookableSuite({ capacity: 5 });

  it('books the worked example: adult USD with VAT 100 at 20 % → net 80, agency commission 20 per adult', async () => {
    const res = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2 }));
    expect(res.status).toBe(200);
    const { id, position } = res.body.Content;
    await api.settled('booking_details', position);
    const one = await api.http.get(`/api/agent/bookings/${id}`).set(s.agent);
    expect(one.status).toBe(200);
    expect(one.body.Content).toMatchObject({
      id,
      status: 0,
      statusText: 'Normal',
      adults: 2,
      seats: 2,
      prices: { adultRecUsd: 100, adultNetUsd: 80, commission: 20, commissionSource: 'period' },
      totals: { totalUsd: 200, totalAed: 730, netUsd: 160, netAed: 584, grossSales: 200, agencyReceivable: 40 },
      tourName: 'Booking Tour',
      timeSlotName: 'Morning',
      startTime: 540,
    });
  });

  it('refuses more seats than are left, saying how many', async () => {
    const res = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 4 }));
    expect(res.status).toBe(400);
    expect(res.body.ErrorMessage).toBe('Only 3 places left');
  });
});
