import { bookingIdOf, cancelFailure, clock, headingKeyOf, holderKey, invoicePath, isCancellable, placeOf, timeWindow, titleKeyOf, VOUCHER_LINKS, voucherPath } from './booking-details.logic';

describe('the booking confirmation', () => {
  it('reads only a positive whole id from the address', () => {
    expect(bookingIdOf('42')).toBe(42);
    expect(bookingIdOf('0')).toBeNull();
    expect(bookingIdOf('add')).toBeNull();
    expect(bookingIdOf('12abc')).toBeNull();
    expect(bookingIdOf('-3')).toBeNull();
    expect(bookingIdOf('1.5')).toBeNull();
    expect(bookingIdOf(undefined)).toBeNull();
  });

  it('is titled by the status: confirmed, or pending for a booking operations must confirm', () => {
    expect(titleKeyOf(0)).toBe('confirmed');
    expect(titleKeyOf(1)).toBe('pending');
    expect(titleKeyOf(4)).toBe('cancelled');
    expect(titleKeyOf(5)).toBe('completed');
    expect(isCancellable(0)).toBe(true);
    expect(isCancellable(1)).toBe(true);
    expect(isCancellable(4)).toBe(false);
    expect(isCancellable(5)).toBe(false);
  });

  it("does not say 'confirmed' before the booking is read or when it could not be", () => {
    expect(headingKeyOf(undefined)).toBe('booking');
    expect(headingKeyOf(0)).toBe('confirmed');
    expect(headingKeyOf(4)).toBe('cancelled');
    expect(headingKeyOf(4, true)).toBe('declined');
  });

  it('reads the booking again after a stale cancel (409), and shows the other refusals as the server words them', () => {
    const refused = (code: number, title: string, message: string) => Object.assign(new Error(message), { code, title });
    expect(cancelFailure(refused(409, 'Conflict', 'Changed by someone else. Reload'), 'reloaded')).toEqual({ message: 'reloaded', reload: true });
    expect(cancelFailure(refused(422, 'Refused', 'Too late to cancel'), 'reloaded')).toEqual({ message: 'Refused: Too late to cancel', reload: false });
    expect(cancelFailure('boom', 'reloaded')).toEqual({ message: 'boom', reload: false });
  });

  it('shows the pick-up window as HH:MM–HH:MM from minutes or text', () => {
    expect(clock(870)).toBe('14:30');
    expect(clock('9:05:00')).toBe('09:05');
    expect(clock(null)).toBe('');
    expect(timeWindow(860, 870)).toBe('14:20–14:30');
    expect(timeWindow('14:20', '14:20')).toBe('14:20');
    expect(timeWindow(null, undefined)).toBe('');
    expect(timeWindow(1200, '02:00')).toBe('20:00–02:00 (+1)');
  });

  it('names the pick-up place, a typed hotel first', () => {
    expect(placeOf({ hotelName: 'Armani Hotel Dubai', customHotelName: '', regionName: 'Downtown' }, 'Без отеля')).toBe('Armani Hotel Dubai, Downtown');
    expect(placeOf({ hotelName: 'No Hotel', customHotelName: 'Villa 12, Jumeirah', regionName: '' }, 'Без отеля')).toBe('Villa 12, Jumeirah');
    expect(placeOf({ hotelName: '', customHotelName: 'No Hotel', regionName: '' }, 'Без отеля')).toBe('Без отеля');
  });

  it('says who holds the money in words of its own for the agency and the supplier', () => {
    expect(holderKey('Agency')).toBe('agency');
    expect(holderKey('supplier')).toBe('supplier');
    expect(holderKey('Guide')).toBe('other');
  });

  it('links the invoice and the vouchers: RUS asks rus, ENG asks eng', () => {
    expect(invoicePath(7)).toBe('/bookings/download/invoice/7');
    expect(VOUCHER_LINKS.map((l) => `${l.label} ${voucherPath(7, l.lang)}`)).toEqual(['ENG /bookings/download/voucher/7?lang=eng', 'RUS /bookings/download/voucher/7?lang=rus']);
  });
});
