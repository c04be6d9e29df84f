import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { contentOf as content } from '../support/api';
import { bookableSuite, bookingBody } from '../support/booking';

type SlotChoice = { id: number; seatsLeft: number | null; closed: boolean; bookingClosed: boolean; closesHoursBefore: number };
interface TourChoice {
  id: number;
  offers: { id: number; timeSlots: SlotChoice[] }[];
}

/*
 * The slot starts at 09:00 Dubai and closes 48 hours before: tomorrow's has closed whatever the time of day the
 * test runs at, while the one five days out is still open. The lists must say so rather than offer a slot the
 * booking would then refuse.
 */
describe('new booking: the slot lists know when booking has closed (minimum advance)', () => {
  const { api, s } = bookableSuite({ capacity: 10, minimumAdvancedBooking: 48 });
  const tomorrow = () => addDays(dubaiToday(), 1);
  const later = () => addDays(dubaiToday(), 5);

  const agentSlot = async (date: string): Promise<SlotChoice | undefined> => {
    const tours = content<TourChoice[]>(await api.http.get(`/api/agent/tours/fornewbooking?hotelId=${s.hotelId}&date=${date}`).set(s.agent));
    return tours.find((t) => t.id === s.tourId)?.offers.find((o) => o.id === s.offerId)?.timeSlots.find((t) => t.id === s.timeSlotId);
  };

  it('lists a slot past its minimum advance as bookingClosed, with its seats, and one still ahead as open', async () => {
    expect(await agentSlot(tomorrow())).toMatchObject({ seatsLeft: 10, closed: false, bookingClosed: true, closesHoursBefore: 48 });
    expect(await agentSlot(later())).toMatchObject({ seatsLeft: 10, closed: false, bookingClosed: false, closesHoursBefore: 48 });
  });

  it('refuses the closed one with the minimum advance message, and books the open one', async () => {
    const refused = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date: tomorrow() }));
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorMessage).toBe('Booking closes 48 hours before the start');
    expect(refused.body.ErrorMessage).toBe(BOOKING_MESSAGES.minimumAdvance(48));
    content(await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date: later() })));
  });

  it("tells operations the same when they move a booking: the booking's slots on a date", async () => {
    const booked = content<{ id: number; position: string }>(await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { date: later() })));
    await api.settled('booking_details', booked.position);
    const slotsOn = async (date: string) => content<SlotChoice[]>(await api.http.get(`/api/bookings/${booked.id}/slots?date=${date}`).set(s.operations));
    expect(await slotsOn(tomorrow())).toEqual([expect.objectContaining({ id: s.timeSlotId, bookingClosed: true, closesHoursBefore: 48 })]);
    expect(await slotsOn(addDays(later(), 1))).toEqual([expect.objectContaining({ id: s.timeSlotId, bookingClosed: false, closesHoursBefore: 48 })]);
  });
});
