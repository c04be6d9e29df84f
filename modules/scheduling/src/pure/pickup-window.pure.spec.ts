import { applicablePickUpTimeId, NO_HOTEL_ID, pickUpWindowFor, type PickUpTimeEntries, type PickUpWindowQuery } from './pickup-window.pure';

const DEIRA = 11;
const MARINA = 12;
const HYATT = 101; // in Deira
const HILTON = 102; // in Deira, no override

/** Group's pick-up time 1: Deira 08:00-08:30, Hyatt 07:40-07:50, No Hotel 07:00. */
const groupTime: PickUpTimeEntries = {
  isFixedTime: false,
  regionsPickUpTimes: [{ regionId: DEIRA, timeStart: 480, timeEnd: 510 }],
  hotelsPickUpTimes: [
    { hotelId: HYATT, timeStart: 460, timeEnd: 470 },
    { hotelId: NO_HOTEL_ID, timeStart: 420, timeEnd: 420 },
  ],
};
/** Slot override 2: Deira 15:00-15:30 only, fixed time. */
const slotTime: PickUpTimeEntries = { isFixedTime: true, regionsPickUpTimes: [{ regionId: DEIRA, timeStart: 900, timeEnd: 930 }], hotelsPickUpTimes: [] };
const lookup = new Map([
  [1, groupTime],
  [2, slotTime],
]);

const ask = (over: Partial<PickUpWindowQuery> = {}) =>
  pickUpWindowFor({ slotPickUpTimeId: null, groupPickUpTimeId: 1, pickUpTimes: lookup, hotelId: HYATT, regionId: DEIRA, ...over });

describe('which pick-up window applies to hotel H for slot S', () => {
  it("takes the hotel's own override over its region", () => {
    expect(ask()).toEqual({ pickUpTimeId: 1, isFixedTime: false, timeStart: 460, timeEnd: 470, source: 'hotel' });
  });

  it("falls to the hotel's region when the hotel has no override", () => {
    expect(ask({ hotelId: HILTON })).toEqual({ pickUpTimeId: 1, isFixedTime: false, timeStart: 480, timeEnd: 510, source: 'region' });
  });

  it('answers null when neither the hotel nor its region has an entry', () => {
    expect(ask({ hotelId: 999, regionId: MARINA })).toBeNull();
    expect(ask({ hotelId: 999, regionId: null })).toBeNull();
  });

  it("uses the slot's override instead of the group's, wholly: no fall-through to the group's entries", () => {
    expect(ask({ slotPickUpTimeId: 2, hotelId: HILTON })).toEqual({ pickUpTimeId: 2, isFixedTime: true, timeStart: 900, timeEnd: 930, source: 'region' });
    // The group's pick-up time has a Hyatt override, the slot's has none: the slot's Deira entry applies.
    expect(ask({ slotPickUpTimeId: 2 })).toMatchObject({ pickUpTimeId: 2, source: 'region', timeStart: 900 });
    expect(ask({ slotPickUpTimeId: 2, hotelId: 999, regionId: MARINA })).toBeNull();
  });

  it("falls through to the group's pick-up time when the slot's is unset or unknown (deleted ones are left out of the lookup)", () => {
    expect(ask({ slotPickUpTimeId: 0 })?.pickUpTimeId).toBe(1);
    expect(ask({ slotPickUpTimeId: undefined })?.pickUpTimeId).toBe(1);
    expect(ask({ slotPickUpTimeId: 77 })?.pickUpTimeId).toBe(1);
    expect(applicablePickUpTimeId({ slotPickUpTimeId: 77, groupPickUpTimeId: 2, pickUpTimes: lookup })).toBe(2);
  });

  it('answers null when neither the slot nor the group has a pick-up time', () => {
    expect(ask({ groupPickUpTimeId: null })).toBeNull();
    expect(ask({ groupPickUpTimeId: 78 })).toBeNull();
  });

  it("gives guests without a hotel the No Hotel entry, whichever way 'no hotel' is said", () => {
    for (const hotelId of [null, undefined, NO_HOTEL_ID]) {
      expect(ask({ hotelId, regionId: null })).toEqual({ pickUpTimeId: 1, isFixedTime: false, timeStart: 420, timeEnd: 420, source: 'hotel' });
    }
    expect(ask({ slotPickUpTimeId: 2, hotelId: null, regionId: null })).toBeNull();
  });

  it('reads a plain-object lookup (job data) like a Map', () => {
    const plain = { 1: groupTime, 2: slotTime };
    expect(pickUpWindowFor({ slotPickUpTimeId: 2, groupPickUpTimeId: 1, pickUpTimes: plain, hotelId: HILTON, regionId: DEIRA })).toEqual(ask({ slotPickUpTimeId: 2, hotelId: HILTON }));
  });
});
