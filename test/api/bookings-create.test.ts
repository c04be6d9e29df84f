import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
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

  it("answers spec §5's model messages: no offer (0, missing, null) is 'Offer is required', 0 adults 'At least one adult is required'", async () => {
    const refusal = async (over: Record<string, unknown>) => {
      const res = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, over));
      expect(res.status).toBe(400);
      return { message: res.body.ErrorMessage as string, errors: res.body.Content?.errors as Record<string, string[]> };
    };
    expect(BOOKING_MESSAGES).toMatchObject({ offer: 'Offer is required', adults: 'At least one adult is required' });
    for (const offerId of [0, undefined, null]) {
      expect(await refusal({ offerId })).toEqual({ message: 'offerId: Offer is required', errors: { offerId: ['Offer is required'] } });
    }
    expect(await refusal({ adults: 0 })).toEqual({ message: 'adults: At least one adult is required', errors: { adults: ['At least one adult is required'] } });
    expect(await refusal({ adults: undefined })).toEqual({ message: 'adults: At least one adult is required', errors: { adults: ['At least one adult is required'] } });
    // Other bad values keep their own wording.
    expect((await refusal({ offerId: -3 })).errors).toEqual({ offerId: ['Offer must be a positive number'] });
    expect((await refusal({ adults: 1.5 })).errors).toEqual({ adults: ['Adults must be a whole number'] });
  });
});
