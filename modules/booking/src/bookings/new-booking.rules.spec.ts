import { NotFoundError, ValidationError } from '@tbo/kernel';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import { AGENCY_BOOKER, ANNA, ATLANTIS_PICK_UP, DESERT_SAFARI, MORNING_SLOT } from './booking.testing';
import { decideNewBooking, decideSchedule, DEFAULT_RESPONSE_HOURS, dubaiInstant, periodCovering, type NewBookingFacts, type NewBookingInput } from './new-booking.rules';
import { offerOf, refusal, SATURDAY, scheduleFacts, scheduleInput, scheduleRefusal, slotOf, SUNDAY, TODAY } from './new-booking.testing';

/*
 * The facts are built by hand, shaped as the handler reads them from their streams (new-booking.testing): supplier 5's
 * tour 3 ('Desert Safari') with offer 7 on slot 21, the worked example's valid period. Today in Dubai is Tuesday
 * 2026-12-01, 10:00.
 */

const agencyBooker = { supplierId: 5, ...AGENCY_BOOKER };
const staffBooker = { supplierId: 5, agencyId: null, agentId: null, staffAgentId: 41, channel: 'backoffice' as const };
const hotel = { id: 4, name: 'Atlantis The Palm', regionId: 6, regionName: 'Palm Jumeirah' };

const newFacts = (over: Partial<NewBookingFacts> = {}): NewBookingFacts => ({
  ...scheduleFacts(),
  booker: agencyBooker,
  hotel,
  pickUp: { pickUpTimeId: 3, isFixedTime: false, source: 'region', timeStart: 480, timeEnd: 510 },
  supplierPolicy: [{ hours: 48, percents: 50 }],
  ...over,
});
const newInput = (over: Partial<NewBookingInput> = {}): NewBookingInput => ({
  ...scheduleInput(),
  tourId: 3,
  offerId: 7,
  hotelId: 4,
  customHotelName: null,
  guestName: ' Anna Smirnova ',
  roomNumber: ' 1204 ',
  phones: [' +971501234567 ', ''],
  paid: 0,
  paidOrig: null,
  collect: 0,
  collectOrig: null,
  voucherNumber: ' V-1 ',
  notes: '',
  arrivalId: null,
  groupId: null,
  groupInfoId: null,
  ...over,
});


describe('decideSchedule: the date, the slot and the counts', () => {
  describe('date', () => {
    it('requires a date', () => {
      expect(scheduleRefusal({ date: '' })).toEqual({ date: [BOOKING_MESSAGES.date] });
    });

    it('refuses today and earlier: agents book from tomorrow', () => {
      expect(scheduleRefusal({ date: TODAY })).toEqual({ date: [BOOKING_MESSAGES.dateBeforeTomorrow] });
      expect(scheduleRefusal({ date: '2026-11-30' })).toEqual({ date: [BOOKING_MESSAGES.dateBeforeTomorrow] });
      expect(decideSchedule(scheduleInput({ date: '2026-12-02' }), scheduleFacts()).date).toBe('2026-12-02');
    });

    it('says the first problem as the message and every problem per field', () => {
      expect(() => decideSchedule(scheduleInput({ date: TODAY, adults: 0 }), scheduleFacts())).toThrow(BOOKING_MESSAGES.dateBeforeTomorrow);
      expect(scheduleRefusal({ date: TODAY, adults: 0 })).toEqual({ date: [BOOKING_MESSAGES.dateBeforeTomorrow], adults: [BOOKING_MESSAGES.adults] });
    });

    it('refuses a date no valid period covers (from its first day to its last, both as the editor shows them)', () => {
      expect(scheduleRefusal({ date: '2026-12-23' })).toEqual({ date: [BOOKING_MESSAGES.noPeriod] });
      expect(decideSchedule(scheduleInput({ date: '2026-12-22' }), scheduleFacts()).prices.validPeriodId).toBe(11);
      expect(decideSchedule(scheduleInput({ date: '2026-12-21' }), scheduleFacts()).prices.validPeriodId).toBe(11);
      expect(periodCovering(offerOf(), '2026-11-21')).toBeNull();
      expect(periodCovering(offerOf(), '2026-11-22')?.id).toBe(11);
    });
  });

  describe('counts', () => {
    it('needs at least one adult', () => {
      expect(scheduleRefusal({ adults: 0 })).toEqual({ adults: [BOOKING_MESSAGES.adults] });
      expect(scheduleRefusal({ adults: 1.5 })).toEqual({ adults: [BOOKING_MESSAGES.adults] });
    });

    it('refuses children and infants when the offer does not allow them', () => {
      const offer = offerOf({ childrenAllowed: false, infantsAllowed: false });
      expect(scheduleRefusal({ children: 1, infants: 1 }, { offer })).toEqual({ children: [BOOKING_MESSAGES.childrenNotAllowed], infants: [BOOKING_MESSAGES.infantsNotAllowed] });
      expect(decideSchedule(scheduleInput({ children: 0, infants: 0 }), scheduleFacts({ offer })).seats).toBe(1);
    });

    it('enforces the offer’s min and max people, counting adults, children and foc (not infants)', () => {
      const offer = offerOf({ minNumOfPeople: 3, maxNumOfPeople: 5 });
      expect(scheduleRefusal({ adults: 2 }, { offer })).toEqual({ adults: [BOOKING_MESSAGES.minPeople(3)] });
      expect(scheduleRefusal({ adults: 1, infants: 4 }, { offer })).toEqual({ adults: ['At least 3 people are required for this ticket'] });
      expect(decideSchedule(scheduleInput({ adults: 1, children: 1, foc: 1 }), scheduleFacts({ offer })).seats).toBe(3);
      expect(scheduleRefusal({ adults: 4, children: 1, foc: 1 }, { offer })).toEqual({ adults: ['At most 5 people can book this ticket'] });
      expect(decideSchedule(scheduleInput({ adults: 4, children: 1, infants: 3 }), scheduleFacts({ offer }))).toMatchObject({ seats: 5, infants: 3 });
    });
  });

  describe('time slot', () => {
    it('requires a slot when the offer sells on slots', () => {
      expect(scheduleRefusal({ timeSlotId: null })).toEqual({ timeSlotId: [BOOKING_MESSAGES.timeSlot] });
    });

    it('refuses a slot the offer does not sell on, an unknown or deleted one, and any slot for an offer without slots', () => {
      expect(scheduleRefusal({ timeSlotId: 22 }, { slot: slotOf({ timeSlotId: 22 }) })).toEqual({ timeSlotId: [BOOKING_MESSAGES.timeSlotNotOffered] });
      expect(scheduleRefusal({}, { slot: null })).toEqual({ timeSlotId: [BOOKING_MESSAGES.timeSlotNotOffered] });
      expect(scheduleRefusal({}, { slot: slotOf({ isDeleted: true }) })).toEqual({ timeSlotId: [BOOKING_MESSAGES.timeSlotNotOffered] });
      expect(scheduleRefusal({}, { offer: offerOf({ timeSlots: [] }) })).toEqual({ timeSlotId: [BOOKING_MESSAGES.timeSlotNotOffered] });
    });

    it('refuses a day the slot is not offered on (days-offered bitmask: Monday 1 … Saturday 32, Sunday 64; 0 every day)', () => {
      const weekends = slotOf({ daysOffered: 32 | 64 });
      expect(decideSchedule(scheduleInput({ date: SATURDAY }), scheduleFacts({ slot: weekends })).date).toBe(SATURDAY);
      expect(decideSchedule(scheduleInput({ date: SUNDAY }), scheduleFacts({ slot: weekends })).date).toBe(SUNDAY);
      expect(scheduleRefusal({ date: '2026-12-07' }, { slot: weekends })).toEqual({ date: [BOOKING_MESSAGES.dayNotOffered] });
      expect(scheduleRefusal({ date: SATURDAY }, { slot: slotOf({ daysOffered: 1 }) })).toEqual({ date: [BOOKING_MESSAGES.dayNotOffered] });
      expect(decideSchedule(scheduleInput({ date: '2026-12-07' }), scheduleFacts({ slot: slotOf({ daysOffered: 0 }) })).date).toBe('2026-12-07');
    });

    it('names the departure: the group’s when its slots share seats, the slot’s own when independent', () => {
      expect(decideSchedule(scheduleInput(), scheduleFacts()).departure).toEqual({ groupId: 9, timeSlotId: null, date: SATURDAY });
      expect(decideSchedule(scheduleInput(), scheduleFacts({ slot: slotOf({ departureSlotId: 21 }) })).departure).toEqual({ groupId: 9, timeSlotId: 21, date: SATURDAY });
    });

    it('books an offer without slots with no departure and no times, from midnight', () => {
      const s = decideSchedule(scheduleInput({ timeSlotId: null }), scheduleFacts({ offer: offerOf({ timeSlots: [] }), slot: null }));
      expect(s).toMatchObject({ timeSlotId: null, timeSlotName: null, startTime: null, endTime: null, departure: null, startsAt: '2026-12-04T20:00:00.000Z' });
    });

    it('keeps the times of a fixed slot only (Anytime and NoTime slots have none)', () => {
      expect(decideSchedule(scheduleInput(), scheduleFacts())).toMatchObject({ timeSlotName: 'Morning', startTime: 540, endTime: 780, startsAt: '2026-12-05T05:00:00.000Z' });
      expect(decideSchedule(scheduleInput(), scheduleFacts({ slot: slotOf({ timeType: 1 }) }))).toMatchObject({ startTime: null, endTime: null, startsAt: '2026-12-04T20:00:00.000Z' });
    });
  });

  describe('minimum advance', () => {
    // Tomorrow 09:00 Dubai is 2026-12-02T05:00Z.
    it("refuses once the start is nearer than the slot's minimumAdvancedBooking hours: 'Booking closes 24 hours before the start'", () => {
      const slot = slotOf({ minimumAdvancedBooking: 24 });
      expect(scheduleRefusal({ date: '2026-12-02' }, { slot })).toEqual({ date: ['Booking closes 24 hours before the start'] });
      expect(() => decideSchedule(scheduleInput({ date: '2026-12-02' }), scheduleFacts({ slot }))).toThrow(BOOKING_MESSAGES.minimumAdvance(24));
      // Exactly 24 hours before still books.
      expect(decideSchedule(scheduleInput({ date: '2026-12-02' }), scheduleFacts({ slot, now: new Date('2026-12-01T05:00:00.000Z') })).date).toBe('2026-12-02');
      expect(decideSchedule(scheduleInput({ date: '2026-12-03' }), scheduleFacts({ slot })).date).toBe('2026-12-03');
    });

    it('uses the slot’s start time, not midnight', () => {
      const evening = slotOf({ startTime: 20 * 60, endTime: 22 * 60, minimumAdvancedBooking: 30 });
      // Tomorrow 20:00 Dubai is 34 hours away.
      expect(decideSchedule(scheduleInput({ date: '2026-12-02' }), scheduleFacts({ slot: evening })).startTime).toBe(1200);
      expect(scheduleRefusal({ date: '2026-12-02' }, { slot: evening, now: new Date('2026-12-01T11:00:00.000Z') })).toEqual({ date: [BOOKING_MESSAGES.minimumAdvance(30)] });
    });

    it("counts an Anytime slot's hours back from its opening time, and a slot with no time's from 00:00", () => {
      const anytime = slotOf({ timeType: 1, startTime: 10 * 60, endTime: 22 * 60, minimumAdvancedBooking: 20 });
      // Tomorrow 10:00 Dubai (06:00Z) is 25 h 43 min after 08:17 today: open. At 14:30 today it is 19 h 30 min: closed.
      expect(decideSchedule(scheduleInput({ date: '2026-12-02' }), scheduleFacts({ slot: anytime, now: new Date('2026-12-01T04:17:00.000Z') })).date).toBe('2026-12-02');
      expect(scheduleRefusal({ date: '2026-12-02' }, { slot: anytime, now: new Date('2026-12-01T10:30:00.000Z') })).toEqual({ date: [BOOKING_MESSAGES.minimumAdvance(20)] });
      const untimed = slotOf({ timeType: 2, startTime: 10 * 60, endTime: 22 * 60, minimumAdvancedBooking: 20 });
      expect(scheduleRefusal({ date: '2026-12-02' }, { slot: untimed, now: new Date('2026-12-01T04:17:00.000Z') })).toEqual({ date: [BOOKING_MESSAGES.minimumAdvance(20)] });
    });
  });

  describe('status', () => {
    it('confirms a live slot of a bookable offer at once', () => {
      expect(decideSchedule(scheduleInput(), scheduleFacts())).toMatchObject({ status: BOOKING_STATUS.normal, responseDueAt: null });
    });

    it("makes an OnRequest slot's booking Pending, due the slot's cutOffResponseTime hours from now", () => {
      const s = decideSchedule(scheduleInput(), scheduleFacts({ slot: slotOf({ type: 1, cutOffResponseTime: 6 }) }));
      expect(s).toMatchObject({ status: BOOKING_STATUS.pending, responseDueAt: '2026-12-01T12:00:00.000Z' });
    });

    it('makes an On Request offer’s booking (bookingType 0) Pending, due in 24 hours when the slot sets no cut-off', () => {
      expect(DEFAULT_RESPONSE_HOURS).toBe(24);
      const s = decideSchedule(scheduleInput(), scheduleFacts({ offer: offerOf({ bookingType: 0 }) }));
      expect(s).toMatchObject({ status: 1, responseDueAt: '2026-12-02T06:00:00.000Z' });
      const noSlots = decideSchedule(scheduleInput({ timeSlotId: null }), scheduleFacts({ offer: offerOf({ bookingType: 0, timeSlots: [] }), slot: null }));
      expect(noSlots).toMatchObject({ status: 1, responseDueAt: '2026-12-02T06:00:00.000Z' });
      expect(decideSchedule(scheduleInput(), scheduleFacts({ offer: offerOf({ bookingType: 2 }) })).status).toBe(0);
      // A slot stored with a cut-off of 0 (before 0 was kept as none) is due in 24 hours too, not overdue at once.
      expect(decideSchedule(scheduleInput(), scheduleFacts({ slot: slotOf({ type: 1, cutOffResponseTime: 0 }) }))).toMatchObject({ status: 1, responseDueAt: '2026-12-02T06:00:00.000Z' });
    });

    it('is due by the start at the latest: an answer after the tour has started is no use', () => {
      // Booked 06:00Z on 1 December for 2 December 09:00 Dubai (05:00Z), 23 hours ahead: 24 hours would be after it.
      const tomorrow = decideSchedule(scheduleInput({ date: '2026-12-02' }), scheduleFacts({ slot: slotOf({ type: 1, cutOffResponseTime: 24, minimumAdvancedBooking: 0 }) }));
      expect(tomorrow).toMatchObject({ status: 1, startsAt: '2026-12-02T05:00:00.000Z', responseDueAt: '2026-12-02T05:00:00.000Z' });
      // A start already passed (a negative minimum advance sells after it) keeps the cut-off rather than being overdue at once.
      const started = decideSchedule(scheduleInput({ date: '2026-12-01' }), scheduleFacts({ slot: slotOf({ type: 1, cutOffResponseTime: 2, minimumAdvancedBooking: -10 }), today: '2026-11-30' }));
      expect(started).toMatchObject({ status: 1, responseDueAt: '2026-12-01T08:00:00.000Z' });
    });
  });

  describe('money', () => {
    it('prices the worked example: adult USD with VAT 100, commission 20 % → net 80, agency commission 20 per adult', () => {
      const s = decideSchedule(scheduleInput({ adults: 1 }), scheduleFacts());
      expect(s.prices).toMatchObject({ validPeriodId: 11, adultRecUsd: 100, adultNetUsd: 80, adultRecAed: 365, adultNetAed: 292, commission: 20, commissionSource: 'period', vat: 5, convRate: 3.65 });
      expect(s.totals).toEqual({ totalUsd: 100, totalAed: 365, netUsd: 80, netAed: 292, grossSales: 100, agencyReceivable: 20 });
      const family = decideSchedule(scheduleInput({ adults: 2, children: 1, infants: 1, foc: 1 }), scheduleFacts());
      expect(family.totals).toEqual({ totalUsd: 250, totalAed: 912.5, netUsd: 200, netAed: 730, grossSales: 250, agencyReceivable: 50 });
      expect(family.seats).toBe(4);
    });

    it("replaces the period's commission with the contract's: 25 % → net 75, agency commission 25 per adult", () => {
      const s = decideSchedule(scheduleInput({ adults: 2 }), scheduleFacts({ contractCommission: 25 }));
      expect(s.prices).toMatchObject({ adultRecUsd: 100, adultNetUsd: 75, adultNetAed: 273.75, childNetUsd: 37.5, commission: 25, commissionSource: 'contract' });
      expect(s.totals).toEqual({ totalUsd: 200, totalAed: 730, netUsd: 150, netAed: 547.5, grossSales: 200, agencyReceivable: 50 });
    });
  });

  it('reads business dates as Dubai wall time (UTC+4)', () => {
    expect(dubaiInstant('2026-12-05', 540).toISOString()).toBe('2026-12-05T05:00:00.000Z');
  });
});

describe('decideNewBooking: the whole BookingCreated', () => {
  it('answers an offer of another tour, or a deleted one, as not found', () => {
    expect(() => decideNewBooking(newInput({ tourId: 4 }), newFacts())).toThrow(NotFoundError);
    expect(() => decideNewBooking(newInput({ tourId: 4 }), newFacts())).toThrow(BOOKING_MESSAGES.notContracted);
    expect(() => decideNewBooking(newInput(), newFacts({ offer: offerOf({}, { isDeleted: true }) }))).toThrow(NotFoundError);
  });

  it('decides the booking of the worked example as sold: names, schedule, pick-up, guest, money and policy', () => {
    const data = decideNewBooking(newInput(), newFacts());
    expect(data).toMatchObject({
      supplierId: 5,
      ...AGENCY_BOOKER,
      ...DESERT_SAFARI,
      date: SATURDAY,
      ...MORNING_SLOT,
      seats: 1,
      departure: { groupId: 9, timeSlotId: null, date: SATURDAY },
      ...ATLANTIS_PICK_UP,
      ...ANNA,
      voucher: 'V-1',
      status: 0,
      responseDueAt: null,
      totals: { totalUsd: 100, netUsd: 80, agencyReceivable: 20 },
      cancellationPolicy: [{ hours: 24, percents: 100 }],
      cancellationPolicySource: 'tour',
      ticketsRequired: false,
    });
  });

  it('gathers the guest’s, the hotel’s, the payment’s and the schedule’s problems into one refusal', () => {
    const problems = refusal(() => decideNewBooking(newInput({ guestName: '  ', hotelId: null, paid: -1, collectOrig: -5, adults: 0 }), newFacts({ hotel: null })));
    expect(problems).toEqual({
      guestName: [BOOKING_MESSAGES.guestName],
      hotelId: [BOOKING_MESSAGES.hotel],
      paid: [BOOKING_MESSAGES.paymentNegative],
      collectOrig: [BOOKING_MESSAGES.paymentNegative],
      adults: [BOOKING_MESSAGES.adults],
    });
  });

  it('requires a hotel of the list unless a custom hotel name is given', () => {
    expect(refusal(() => decideNewBooking(newInput({ hotelId: null }), newFacts({ hotel: null })))).toEqual({ hotelId: ['Hotel is required'] });
    expect(refusal(() => decideNewBooking(newInput({ hotelId: null, customHotelName: '   ' }), newFacts({ hotel: null })))).toEqual({ hotelId: [BOOKING_MESSAGES.hotel] });
    const custom = decideNewBooking(newInput({ hotelId: null, customHotelName: ' Villa 12, Emirates Hills ' }), newFacts({ hotel: null, pickUp: null }));
    expect(custom).toMatchObject({ hotelId: null, customHotelName: 'Villa 12, Emirates Hills', hotelName: 'Villa 12, Emirates Hills', regionId: null, regionName: '', pickUpTimeStart: null, pickUpTimeEnd: null });
  });

  it('keeps the policy in force when booked: the offer’s override, the tour’s, or the supplier’s default', () => {
    const offerPolicy = offerOf({}, { cancellationPolicy: { source: 'offer', tiers: [{ hours: 72, percents: 30 }] } });
    expect(decideNewBooking(newInput(), newFacts({ offer: offerPolicy }))).toMatchObject({ cancellationPolicy: [{ hours: 72, percents: 30 }], cancellationPolicySource: 'offer' });
    expect(decideNewBooking(newInput(), newFacts())).toMatchObject({ cancellationPolicy: [{ hours: 24, percents: 100 }], cancellationPolicySource: 'tour' });
    const supplier = offerOf({}, { cancellationPolicy: { source: 'supplier', tiers: [] } });
    expect(decideNewBooking(newInput(), newFacts({ offer: supplier }))).toMatchObject({ cancellationPolicy: [{ hours: 48, percents: 50 }], cancellationPolicySource: 'supplier' });
  });

  it('says who holds the money: an agency’s booking is paid to the agency and collected by it unless the offer allows direct collection', () => {
    const agency = decideNewBooking(newInput({ paid: 20, collect: 80 }), newFacts());
    expect(agency).toMatchObject({ paid: 20, paidOrig: 73, paidTo: 'agency', collect: 80, collectOrig: 292, collectTo: 'agency' });
    // AED typed in the form: 75 AED → 20.55 USD (20.55 × 3.65 = 75.0075), 290 AED → 79.45 USD (289.99): kept as typed.
    const direct = decideNewBooking(newInput({ paid: 20.55, paidOrig: 75, collect: 79.45, collectOrig: 290 }), newFacts({ offer: offerOf({ allowDirectCollection: true }) }));
    expect(direct).toMatchObject({ paidOrig: 75, paidTo: 'agency', collectOrig: 290, collectTo: 'supplier' });
    const staff = decideNewBooking(newInput(), newFacts({ booker: staffBooker }));
    expect(staff).toMatchObject({ agencyId: null, agentId: null, staffAgentId: 41, paidTo: 'supplier', collectTo: 'supplier' });
  });

  it('refuses AED amounts that are not the USD ones at the period’s rate (the invoice prints both)', () => {
    expect(refusal(() => decideNewBooking(newInput({ paid: 10, paidOrig: 999, collect: 35, collectOrig: 1 }), newFacts()))).toEqual({
      paidOrig: [BOOKING_MESSAGES.paymentNotLinked],
      collectOrig: [BOOKING_MESSAGES.paymentNotLinked],
    });
    // Off by more than the cents the form's rounding can make: 20 USD is 73 AED, not 73.05.
    expect(refusal(() => decideNewBooking(newInput({ paid: 20, paidOrig: 73.05 }), newFacts()))).toEqual({ paidOrig: [BOOKING_MESSAGES.paymentNotLinked] });
    expect(decideNewBooking(newInput({ paid: 27.4, paidOrig: 100 }), newFacts())).toMatchObject({ paid: 27.4, paidOrig: 100 });
  });

  it('gives free of charge places only on the supplier’s own bookings: an agency’s foc is refused', () => {
    expect(refusal(() => decideNewBooking(newInput({ foc: 5 }), newFacts()))).toEqual({ foc: [BOOKING_MESSAGES.focSupplierOnly] });
    expect(decideNewBooking(newInput({ foc: 2 }), newFacts({ booker: staffBooker }))).toMatchObject({ adults: 1, foc: 2, seats: 3, totals: { totalUsd: 100 } });
  });

  it('sells at the contract’s commission and makes an On Request booking Pending', () => {
    const data = decideNewBooking(newInput({ adults: 3 }), newFacts({ contractCommission: 25, slot: slotOf({ type: 1, cutOffResponseTime: 6 }) }));
    expect(data).toMatchObject({ status: 1, responseDueAt: '2026-12-01T12:00:00.000Z', prices: { commission: 25, adultNetUsd: 75 }, totals: { totalUsd: 300, netUsd: 225, agencyReceivable: 75 } });
  });

  it('refuses as a 400 whose message is the first problem', () => {
    expect(() => decideNewBooking(newInput({ date: TODAY }), newFacts())).toThrow(ValidationError);
    let error: unknown;
    try {
      decideNewBooking(newInput({ date: TODAY }), newFacts());
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 400, message: BOOKING_MESSAGES.dateBeforeTomorrow, details: { date: [BOOKING_MESSAGES.dateBeforeTomorrow] } });
  });
});
