import type { UnitPrices } from '@tbo/booking/src/pure/booking-money.pure';
import type { NewBookingOffer, NewBookingSlot, NewBookingTour } from './api/new-booking.schema';
import {
  ageHints,
  blankBookingForm,
  bookingPayload,
  bookingProblems,
  canSave,
  carouselDates,
  carouselKeyTarget,
  counterBlock,
  fieldOfServerField,
  focusTargetsOf,
  guestEnabled,
  hotelLabel,
  isSlotChoosable,
  linkedAmount,
  paymentOverTotal,
  onOfferChosen,
  onTourChosen,
  reconcile,
  searchHotels,
  seatsShort,
  totalsOf,
  type BookingForm,
} from './booking-form.logic';
import { expectCases } from '../../test-support/expect-cases.testing';

// 21:30 UTC on 9 March 2026 is already 10 March in Dubai (UTC+4): tomorrow there is 11 March, a Wednesday.
const NOW = new Date('2026-03-09T21:30:00Z');
const DATE = '2026-03-11';

const slot = (id: number, over: Partial<NewBookingSlot> = {}): NewBookingSlot => ({
  id,
  name: `Slot ${id}`,
  description: '',
  daysOffered: 0,
  isAnyTime: false,
  isNoTime: false,
  startHour: 15,
  startMinutes: 0,
  endHour: 21,
  endMinutes: 30,
  seatsLeft: 10,
  closed: false,
  bookingClosed: false,
  closesHoursBefore: 24,
  isOnRequest: false,
  ...over,
});
const offer = (id: number, over: Partial<NewBookingOffer> = {}): NewBookingOffer => ({
  id,
  nameInternal: `O${id}`,
  nameDisplay: `Offer ${id}`,
  numberOfHours: 6,
  citiesIds: [1],
  daysOffered: 0,
  childrenAllowed: true,
  childAge: 11,
  infantsAllowed: true,
  infantAge: 2,
  minNumOfPeople: 1,
  maxNumOfPeople: 6,
  isOnRequest: false,
  timeSlots: [slot(100 + id)],
  ...over,
});
const tour = (id: number, offers: NewBookingOffer[]): NewBookingTour => ({ id, nameInternal: `T${id}`, nameDisplay: `Tour ${id}`, offers });
const form = (over: Partial<BookingForm> = {}): BookingForm => ({ ...blankBookingForm(NOW), ...over });

describe('the date carousel', () => {
  it('shows ten days from tomorrow in Dubai, tomorrow chosen at first', () => {
    const days = carouselDates(NOW);
    expect(days).toHaveLength(10);
    expect(days[0]).toBe(DATE);
    expect(days[9]).toBe('2026-03-20');
    expect(blankBookingForm(NOW)).toMatchObject({ date: DATE, adults: 1, children: 0, infants: 0, phones: [{ value: '' }] });
  });
});

describe('hotels', () => {
  const hotels = [
    { id: 1, name: 'Armani Hotel Dubai', regionId: 1, regionName: 'Downtown', cityId: 1, cityName: 'Dubai' },
    { id: 2, name: 'Atlantis The Palm', regionId: 2, regionName: 'Palm Jumeirah', cityId: 1, cityName: 'Dubai' },
  ];
  it('name the region and city, and are found by any of them', () => {
    expect(hotelLabel(hotels[0]!)).toBe('Armani Hotel Dubai (Downtown, Dubai)');
    expect(hotelLabel({ name: 'Somewhere', regionName: '', cityName: '' })).toBe('Somewhere');
    expect(searchHotels(hotels, 'palm').map((h) => h.value)).toEqual([2]);
    expect(searchHotels(hotels, '').map((h) => h.value)).toEqual([1, 2]);
  });
});

describe('reconcile: the automatic choices and resets of spec 02 §4', () => {
  it('does nothing while the tours are loading', () => {
    expect(reconcile(form({ tourId: 5 }), undefined)).toEqual({});
  });

  it('chooses the only valid offer and then its only open slot', () => {
    const tours = [tour(1, [offer(7)])];
    expect(reconcile(form({ tourId: 1 }), tours)).toEqual({ offerId: 7, timeSlotId: 107 });
  });

  it('leaves the choice to the agent when two offers are valid, and counts only offers sold that day', () => {
    expect(reconcile(form({ tourId: 1 }), [tour(1, [offer(7), offer(8)])])).toEqual({});
    // 11 March 2026 is a Wednesday (flag 4): an offer of Mondays only does not count.
    expect(reconcile(form({ tourId: 1 }), [tour(1, [offer(7), offer(8, { daysOffered: 1 })])])).toEqual({ offerId: 7, timeSlotId: 107 });
  });

  it('chooses a slot only while it is on sale, its minimum advance not passed, with a seat left', () => {
    expect(isSlotChoosable(slot(1))).toBe(true);
    expect(isSlotChoosable(slot(1, { seatsLeft: null }))).toBe(true);
    expect(isSlotChoosable(slot(1, { closed: true }))).toBe(false);
    expect(isSlotChoosable(slot(1, { seatsLeft: 0 }))).toBe(false);
    // Seats left do not reopen a slot whose booking has closed: the server would refuse it.
    expect(isSlotChoosable(slot(1, { bookingClosed: true }))).toBe(false);
    expect(isSlotChoosable(slot(1, { bookingClosed: true, seatsLeft: null }))).toBe(false);
  });

  it('auto-selects one real slot only: closed, full and booking-closed slots do not count', () => {
    const o = offer(7, { timeSlots: [slot(1, { closed: true }), slot(2, { seatsLeft: 0 }), slot(4, { bookingClosed: true }), slot(3, { seatsLeft: null })] });
    expect(reconcile(form({ tourId: 1, offerId: 7 }), [tour(1, [o])])).toEqual({ timeSlotId: 3 });
    const two = offer(7, { timeSlots: [slot(1), slot(2)] });
    expect(reconcile(form({ tourId: 1, offerId: 7 }), [tour(1, [two])])).toEqual({});
  });

  it('drops a tour the new hotel or date does not list, with its offer and slot', () => {
    expect(reconcile(form({ tourId: 1, offerId: 7, timeSlotId: 107 }), [tour(2, [offer(9), offer(10)])])).toEqual({ tourId: null, offerId: null, timeSlotId: null });
  });

  it('changing the tour resets the offer; changing the offer resets the slot', () => {
    expect(onTourChosen(2)).toEqual({ tourId: 2, offerId: null, timeSlotId: null });
    expect(onOfferChosen(8)).toEqual({ offerId: 8, timeSlotId: null });
  });

  it('resets children and infants to 0 when the offer does not allow them, or when there is no offer', () => {
    const tours = [tour(1, [offer(7, { childrenAllowed: false, infantsAllowed: false })])];
    expect(reconcile(form({ tourId: 1, offerId: 7, timeSlotId: 107, children: 2, infants: 1 }), tours)).toEqual({ children: 0, infants: 0 });
    expect(reconcile(form({ children: 1 }), [])).toEqual({ children: 0 });
  });
});

describe('what opens when (spec 02 §4, §5)', () => {
  it('guest details need an offer and, if it has slots, a slot; Save also a guest name', () => {
    const withSlots = offer(7);
    const noSlots = offer(8, { timeSlots: [] });
    expect(guestEnabled(null, null)).toBe(false);
    expect(guestEnabled(withSlots, null)).toBe(false);
    expect(guestEnabled(withSlots, 107)).toBe(true);
    expect(guestEnabled(noSlots, null)).toBe(true);
    expect(canSave(withSlots, 107, '  ')).toBe(false);
    expect(canSave(withSlots, 107, 'Anna Ivanova')).toBe(true);
    expect(canSave(withSlots, null, 'Anna Ivanova')).toBe(false);
  });

  it('closes the child and infant counters with the reason, and names the ages', () => {
    expect(counterBlock('children', null)).toBe('selectTicket');
    expect(counterBlock('infants', null)).toBe('selectTicket');
    expect(counterBlock('children', offer(1, { childrenAllowed: false }))).toBe('childrenNotAllowed');
    expect(counterBlock('infants', offer(1, { infantsAllowed: false }))).toBe('infantsNotAllowed');
    expect(counterBlock('children', offer(1))).toBeNull();
    expect(ageHints(null)).toEqual({ adultFrom: 12, childFrom: 3, childTo: 12, infantTo: 2 });
    expect(ageHints(offer(1))).toEqual({ adultFrom: 11, childFrom: 3, childTo: 11, infantTo: 2 });
  });

  it('says when the slot has fewer seats than asked', () => {
    expect(seatsShort(slot(1, { seatsLeft: 3 }), { adults: 2, children: 2 })).toBe(3);
    expect(seatsShort(slot(1, { seatsLeft: 3 }), { adults: 2, children: 1 })).toBeNull();
    expect(seatsShort(slot(1, { seatsLeft: null }), { adults: 50, children: 0 })).toBeNull();
  });

  it('checks the §5 rules before sending', () => {
    const o = offer(7);
    const ok = form({ hotel: { value: 1, label: 'Armani' }, tourId: 1, offerId: 7, timeSlotId: 107, guestName: 'Anna' });
    expect(bookingProblems(ok, o, NOW)).toEqual([]);
    expect(bookingProblems(form({ date: '2026-03-10', adults: 0, paid: -1 }), null, NOW).map((p) => `${p.path}:${p.key}`)).toEqual([
      'hotel:hotel',
      'date:dateBeforeTomorrow',
      'offerId:offer',
      'adults:adults',
      'guestName:guestName',
      'paid:paymentNegative',
    ]);
    expect(bookingProblems({ ...ok, timeSlotId: null }, o, NOW)).toEqual([{ path: 'timeSlotId', key: 'timeSlot' }]);
    // The server's bound for an amount, said before the save (its refusal would name the field by its key).
    expect(bookingProblems({ ...ok, paid: 10_000_000, collectOrig: 10_000_000.01 }, o, NOW)).toEqual([{ path: 'collectOrig', key: 'paymentTooLarge' }]);
    // Cents only, as the server takes them (0.1 + 0.2 is still 0.30).
    expect(bookingProblems({ ...ok, paid: 12.345, collect: 0.1 + 0.2 }, o, NOW)).toEqual([{ path: 'paid', key: 'paymentCents' }]);
  });
});

describe('money', () => {
  it('links USD and AED by the rate 3.65, both ways, 2 decimals', () => {
    expect(linkedAmount('collect', 100)).toEqual({ collectOrig: 365 });
    expect(linkedAmount('collectOrig', 100)).toEqual({ collect: 27.4 });
    expect(linkedAmount('paid', 12.34)).toEqual({ paidOrig: 45.04 });
    expect(linkedAmount('paidOrig', null)).toEqual({ paid: null });
    expect(linkedAmount('paid', 10, 0)).toEqual({ paidOrig: 36.5 });
  });

  it('totals the worked example: adult 100 USD with VAT, commission 20 % → net 80, agency commission 20 per adult', () => {
    const p: UnitPrices = {
      validPeriodId: 1,
      adultRecUsd: 100,
      childRecUsd: 50,
      tripRecUsd: 0,
      adultNetUsd: 80,
      childNetUsd: 40,
      tripNetUsd: 0,
      adultRecAed: 365,
      childRecAed: 182.5,
      tripRecAed: 0,
      adultNetAed: 292,
      childNetAed: 146,
      tripNetAed: 0,
      commission: 20,
      commissionSource: 'period',
      vat: 5,
      convRate: 3.65,
    };
    expect(totalsOf(p, { adults: 2, children: 1 })).toEqual({ totalUsd: 250, totalAed: 912.5, netUsd: 200, netAed: 730, grossSales: 250, agencyReceivable: 50, agencyReceivableAed: 182.5 });
    // Paid and to collect above the total is a slip worth a word: the total is given back to say it.
    expect(paymentOverTotal({ adults: 2, children: 1, paid: 200, collect: 50 }, p)).toBeNull();
    expect(paymentOverTotal({ adults: 2, children: 1, paid: 200, collect: 50.01 }, p)).toBe(250);
    expect(paymentOverTotal({ adults: 2, children: 1, paid: 900, collect: 0 }, null)).toBeNull();
  });
});

describe('the payload and the server field errors', () => {
  it('sends the slot times in minutes, the filled phones, 0 for empty amounts', () => {
    const v = form({ hotel: { value: 3, label: 'Armani' }, tourId: 1, offerId: 7, timeSlotId: 107, guestName: ' Anna ', phones: [{ value: '+971 50 1' }, { value: ' ' }], paid: null, collect: 10, collectOrig: 36.5, arrivalId: 4, groupId: 9, groupInfoId: 12 });
    expect(bookingPayload(v, slot(107))).toEqual({
      date: DATE,
      hotelId: 3,
      customHotelName: '',
      tourId: 1,
      offerId: 7,
      timeSlotId: 107,
      adults: 1,
      children: 0,
      infants: 0,
      guestName: 'Anna',
      roomNumber: '',
      phones: ['+971 50 1'],
      paid: 0,
      paidOrig: 0,
      collect: 10,
      collectOrig: 36.5,
      voucherNumber: '',
      notes: '',
      arrivalId: 4,
      groupId: 9,
      groupInfoId: 12,
      startTime: 900,
      endTime: 1290,
    });
    const noTime = bookingPayload(v, slot(107, { isNoTime: true }));
    expect(noTime).not.toHaveProperty('startTime');
    expect(noTime).not.toHaveProperty('endTime');
  });

  it('places the server messages on the form fields', () => {
    expectCases(fieldOfServerField, [
      ['guestName', 'guestName'],
      ['hotelId', 'hotel'],
      ['phones.1', 'phones'],
      ['timeSlotId', 'timeSlotId'],
      ['seats', null],
    ]);
  });

  it('sends the focus of a wrong chooser or counter to its control; registered inputs are left to react-hook-form', () => {
    // A server 'adults' refusal ('At most 30 people…') focuses the Adults count, not nothing (the focus stayed on Save).
    expect(focusTargetsOf(fieldOfServerField('adults')!)).toEqual(['#booking-adults-count']);
    expect(focusTargetsOf(fieldOfServerField('hotelId')!)).toEqual(['#booking-hotel-input']);
    expect(focusTargetsOf('date')).toEqual(['[data-testid="booking-dates"] [tabindex="0"]']);
    expect(focusTargetsOf('timeSlotId')?.[0]).toBe('[data-testid="booking-slots"] input:checked');
    expect(focusTargetsOf('offerId')).toEqual(['#booking-offer']);
    expect(focusTargetsOf('guestName')).toBeNull();
  });
});

describe('carouselKeyTarget', () => {
  it('moves along the ten dates with the arrows, stopping at the ends, and jumps with Home and End', () => {
    expect(carouselKeyTarget('ArrowRight', 0, 10)).toBe(1);
    expect(carouselKeyTarget('ArrowDown', 3, 10)).toBe(4);
    expect(carouselKeyTarget('ArrowRight', 9, 10)).toBe(9);
    expect(carouselKeyTarget('ArrowLeft', 5, 10)).toBe(4);
    expect(carouselKeyTarget('ArrowUp', 0, 10)).toBe(0);
    expect(carouselKeyTarget('Home', 7, 10)).toBe(0);
    expect(carouselKeyTarget('End', 2, 10)).toBe(9);
    expect(carouselKeyTarget('Enter', 2, 10)).toBeNull();
  });
});
