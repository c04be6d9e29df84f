import { unitPricesOf } from '../pure/booking-money.pure';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { decideSchedule } from './new-booking.rules';
import { offerOf, period, SATURDAY, scheduleFacts, scheduleInput, scheduleRefusal, slotOf, TODAY } from './new-booking.testing';

/*
 * decideSchedule for a change of a booking by operations (reschedule): what it holds now is `current`, sold at the
 * worked example's prices (adult 100 USD, commission 20 %). Today in Dubai is Tuesday 2026-12-01, 10:00.
 */
describe('decideSchedule: a change of a booking', () => {
  const slot = slotOf({ minimumAdvancedBooking: 24 });
  const sold = unitPricesOf(period, null);
  const current = { date: TODAY, timeSlotId: 21, seats: 3, adults: 3, children: 0, prices: sold };

  it('lets operations make fewer guests (or as many) on the same departure on the day, after the booking closed', () => {
    expect(decideSchedule(scheduleInput({ date: TODAY, adults: 2 }), scheduleFacts({ slot, current }))).toMatchObject({ date: TODAY, adults: 2, seats: 2, totals: { totalUsd: 200 } });
    expect(decideSchedule(scheduleInput({ date: TODAY, adults: 2, children: 1 }), scheduleFacts({ slot, current })).seats).toBe(3);
    const tomorrow = { ...current, date: '2026-12-02' };
    expect(decideSchedule(scheduleInput({ date: '2026-12-02', adults: 1 }), scheduleFacts({ slot, current: tomorrow })).seats).toBe(1);
  });

  it('re-checks everything else: more guests, another date or slot, and a date already past', () => {
    expect(scheduleRefusal({ date: TODAY, adults: 4 }, { slot, current })).toEqual({ date: [BOOKING_MESSAGES.dateBeforeTomorrow] });
    expect(scheduleRefusal({ date: '2026-12-02', adults: 1 }, { slot, current })).toEqual({ date: [BOOKING_MESSAGES.minimumAdvance(24)] });
    expect(scheduleRefusal({ date: '2026-11-30', adults: 1 }, { slot, current: { ...current, date: '2026-11-30' } })).toEqual({ date: [BOOKING_MESSAGES.dateBeforeTomorrow] });
  });

  it("keeps the prices it was sold at on its own date, when the catalog's have changed since", () => {
    const dearer = offerOf({}, { validPeriods: [{ ...period, pricePerAdultRecUsdVat: 150, pricePerAdultNetUsdVat: 105, netCommissionPerAdult: 30 }] });
    const onSaturday = { ...current, date: SATURDAY, seats: 5, adults: 5 };
    const fewer = decideSchedule(scheduleInput({ date: SATURDAY, adults: 4 }), scheduleFacts({ offer: dearer, current: onSaturday }));
    expect(fewer.prices).toEqual(sold);
    expect(fewer.totals).toMatchObject({ totalUsd: 400, netUsd: 320 });
    // Another date is a sale on that date: its period's prices.
    expect(decideSchedule(scheduleInput({ date: '2026-12-12', adults: 4 }), scheduleFacts({ offer: dearer, current: onSaturday })).totals.totalUsd).toBe(600);
  });

  it("lets guests be taken off after the offer's maximum, days offered or periods changed, but not added", () => {
    const onSaturday = { ...current, date: SATURDAY, seats: 4, adults: 4 };
    const changed = { offer: offerOf({ maxNumOfPeople: 2 }, { validPeriods: [] }), slot: slotOf({ daysOffered: 31 }) /* Monday to Friday */, current: onSaturday };
    expect(decideSchedule(scheduleInput({ date: SATURDAY, adults: 3 }), scheduleFacts(changed))).toMatchObject({ adults: 3, totals: { totalUsd: 300 } });
    const more = scheduleRefusal({ date: SATURDAY, adults: 5 }, changed);
    expect(more.adults).toEqual([BOOKING_MESSAGES.maxPeople(2)]);
    expect(more.date).toEqual([BOOKING_MESSAGES.dayNotOffered]);
  });

  it('moves a deleted ticket\'s booking nowhere, but still takes guests off on its date', () => {
    const withdrawn = { offer: offerOf({}, { isDeleted: true }), current: { ...current, date: SATURDAY } };
    expect(scheduleRefusal({ date: '2026-12-12', adults: 3 }, withdrawn)).toEqual({ date: [BOOKING_MESSAGES.offerWithdrawn] });
    expect(scheduleRefusal({ date: SATURDAY, adults: 4 }, withdrawn)).toEqual({ date: [BOOKING_MESSAGES.offerWithdrawn] });
    expect(decideSchedule(scheduleInput({ date: SATURDAY, adults: 2 }), scheduleFacts(withdrawn)).seats).toBe(2);
  });

  it('prices a kind its own prices left at 0 by the date\'s period, and checks that period has a price for it', () => {
    // Sold when the period had no child price (0 in the booking's prices); the period prices children now.
    const noChildPrice = { ...sold, childRecUsd: 0, childRecAed: 0, childNetUsd: 0, childNetAed: 0 };
    const onSaturday = { ...current, date: SATURDAY, seats: 3, adults: 3, prices: noChildPrice };
    const withChild = decideSchedule(scheduleInput({ date: SATURDAY, adults: 2, children: 1 }), scheduleFacts({ current: onSaturday }));
    expect(withChild.totals.totalUsd).toBe(250);
    const unpriced = offerOf({}, { validPeriods: [{ ...period, pricePerChildRecUsdVat: null, pricePerChildRecAedVat: null, pricePerChildRecUsd: null, pricePerChildRecAed: null }] });
    expect(scheduleRefusal({ date: SATURDAY, adults: 2, children: 1 }, { offer: unpriced, current: onSaturday }).children).toHaveLength(1);
    // Fewer adults only: the booking's own prices, whatever the period says now.
    expect(decideSchedule(scheduleInput({ date: SATURDAY, adults: 2 }), scheduleFacts({ offer: offerOf({}, { validPeriods: [] }), current: onSaturday })).prices).toEqual(noChildPrice);
  });

  it('takes guests off a slot taken off the ticket or deleted since, but moves none onto it', () => {
    const onSaturday = { ...current, date: SATURDAY, seats: 4, adults: 4 };
    const gone = { offer: offerOf({ timeSlots: [22] }), slot: slotOf({ isDeleted: true }), current: onSaturday };
    expect(decideSchedule(scheduleInput({ date: SATURDAY, adults: 2 }), scheduleFacts(gone)).seats).toBe(2);
    expect(scheduleRefusal({ date: SATURDAY, adults: 5 }, gone).timeSlotId).toEqual([BOOKING_MESSAGES.timeSlotNotOffered]);
  });
});
