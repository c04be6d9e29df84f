import { NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { createEventRegistry, type PickUpTimeEvent } from '@tbo/event-schemas';
import { NO_HOTEL_ID } from '../pure/pickup-window.pure';
import { PICKUP_TIME_MESSAGES as M, PICKUP_TIME_NOT_FOUND, pickUpTimeDecider, pickUpTimeInUse, type PickUpTimeFields } from './pickup-time';

const key = { id: 9, supplierId: 5 };
const fields = (over: Partial<PickUpTimeFields> = {}): PickUpTimeFields => ({
  name: 'Morning',
  isFixedTime: false,
  regionsPickUpTimes: [{ regionId: 2, timeStart: 480, timeEnd: 510 }],
  hotelsPickUpTimes: [],
  ...over,
});
const save = (over: Partial<PickUpTimeFields> = {}, isNew = true, supplierId = 5) => ({ type: 'SavePickUpTime' as const, ...key, supplierId, isNew, pickUpTime: fields(over) });
const created = (over: Partial<PickUpTimeFields> = {}) => pickUpTimeDecider.decide(save(over), pickUpTimeDecider.initialState);
const stored = (events: PickUpTimeEvent[]) => events[0]!.data as Extract<PickUpTimeEvent, { type: 'PickUpTimeCreated' }>['data'];
const problemsOf = (over: Partial<PickUpTimeFields>) => {
  try {
    created(over);
  } catch (e) {
    return { message: (e as ValidationError).message, details: (e as ValidationError).details };
  }
  return undefined;
};

describe('pick-up time decider', () => {
  it('creates a pick-up time whole, with its name trimmed', () => {
    given(pickUpTimeDecider)
      .when(save({ name: '  Morning ', hotelsPickUpTimes: [{ hotelId: 30, timeStart: 470, timeEnd: 475 }] }))
      .then([
        {
          type: 'PickUpTimeCreated',
          data: { ...key, name: 'Morning', isFixedTime: false, regionsPickUpTimes: [{ regionId: 2, timeStart: 480, timeEnd: 510 }], hotelsPickUpTimes: [{ hotelId: 30, timeStart: 470, timeEnd: 475 }] },
        },
      ]);
  });

  it('states a change whole, and nothing when nothing changed (entry order does not count)', () => {
    const two = [
      { regionId: 3, timeStart: 500, timeEnd: 520 },
      { regionId: 2, timeStart: 480, timeEnd: 510 },
    ];
    const history = created({ regionsPickUpTimes: two });
    given(pickUpTimeDecider, history).when(save({ regionsPickUpTimes: [...two].reverse() }, false)).then([]);
    const [changed] = given(pickUpTimeDecider, history).when(save({ regionsPickUpTimes: two, isFixedTime: true }, false)).events();
    expect(changed).toEqual({ type: 'PickUpTimeChanged', data: { ...key, name: 'Morning', isFixedTime: true, regionsPickUpTimes: [two[1], two[0]], hotelsPickUpTimes: [] } });
  });

  it("answers another supplier's, an unknown or a taken id as not found", () => {
    given(pickUpTimeDecider, created()).when(save({}, false, 6)).thenThrows(NotFoundError);
    given(pickUpTimeDecider, created()).when(save({}, false, 6)).thenThrows(PICKUP_TIME_NOT_FOUND);
    given(pickUpTimeDecider).when(save({}, false)).thenThrows(PICKUP_TIME_NOT_FOUND);
    given(pickUpTimeDecider, created()).when(save()).thenThrows(PICKUP_TIME_NOT_FOUND);
    given(pickUpTimeDecider).when({ type: 'DeletePickUpTime', ...key, usedBy: [] }).thenThrows(PICKUP_TIME_NOT_FOUND);
    given(pickUpTimeDecider, created()).when({ type: 'DeletePickUpTime', id: 9, supplierId: 6, usedBy: [] }).thenThrows(PICKUP_TIME_NOT_FOUND);
  });

  it('requires a name (spec 02 §5)', () => {
    for (const name of ['', '   ']) {
      given(pickUpTimeDecider).when(save({ name })).thenThrows(ValidationError);
      expect(problemsOf({ name })).toEqual({ message: M.name, details: { name: [M.name] } });
    }
  });

  it('drops region and hotel rows without a start or end time (spec 02 §5)', () => {
    const data = stored(
      created({
        regionsPickUpTimes: [
          { regionId: 2, timeStart: 480, timeEnd: 510 },
          { regionId: 4, timeStart: null, timeEnd: null },
        ],
        hotelsPickUpTimes: [
          { hotelId: 30, timeStart: null, timeEnd: null },
          { hotelId: NO_HOTEL_ID, timeStart: 420, timeEnd: 430 },
        ],
      }),
    );
    expect(data.regionsPickUpTimes).toEqual([{ regionId: 2, timeStart: 480, timeEnd: 510 }]);
    expect(data.hotelsPickUpTimes).toEqual([{ hotelId: NO_HOTEL_ID, timeStart: 420, timeEnd: 430 }]);
  });

  it('reads a row with only a start or only an end as a moment', () => {
    const data = stored(
      created({
        hotelsPickUpTimes: [
          { hotelId: 30, timeStart: 600, timeEnd: null },
          { hotelId: 31, timeStart: null, timeEnd: 0 },
        ],
      }),
    );
    expect(data.hotelsPickUpTimes).toEqual([
      { hotelId: 30, timeStart: 600, timeEnd: 600 },
      { hotelId: 31, timeStart: 0, timeEnd: 0 },
    ]);
  });

  it.each([
    ['a start before 00:00', { timeStart: -1, timeEnd: 10 }, 'timeStart', M.time],
    ['an end past 23:59', { timeStart: 10, timeEnd: 1440 }, 'timeEnd', M.time],
    ['a fraction of a minute', { timeStart: 10.5, timeEnd: 20 }, 'timeStart', M.time],
    ['a start after its end', { timeStart: 600, timeEnd: 540 }, 'timeEnd', M.startAfterEnd],
  ])('refuses %s, naming the row and the field', (_case, times, field, message) => {
    expect(problemsOf({ hotelsPickUpTimes: [{ hotelId: 30, timeStart: 1, timeEnd: 2 }, { hotelId: 31, ...times }] })).toEqual({ message, details: { [`hotelsPickUpTimes.1.${field}`]: [message] } });
    expect(problemsOf({ regionsPickUpTimes: [{ regionId: 2, ...times }] })).toEqual({ message, details: { [`regionsPickUpTimes.0.${field}`]: [message] } });
  });

  it('accepts a window of one minute and the whole day', () => {
    expect(stored(created({ regionsPickUpTimes: [{ regionId: 2, timeStart: 0, timeEnd: 1439 }] })).regionsPickUpTimes).toEqual([{ regionId: 2, timeStart: 0, timeEnd: 1439 }]);
    expect(stored(created({ regionsPickUpTimes: [{ regionId: 2, timeStart: 700, timeEnd: 700 }] })).regionsPickUpTimes).toHaveLength(1);
  });

  it('refuses a second timed row for one region or hotel; a second row without a time is dropped instead', () => {
    const twice = { regionsPickUpTimes: [{ regionId: 2, timeStart: 480, timeEnd: 510 }, { regionId: 2, timeStart: 490, timeEnd: 500 }] };
    expect(problemsOf(twice)).toEqual({ message: M.duplicateRegion, details: { 'regionsPickUpTimes.1.regionId': [M.duplicateRegion] } });
    const hotels = { hotelsPickUpTimes: [{ hotelId: 0, timeStart: 1, timeEnd: 2 }, { hotelId: 0, timeStart: 3, timeEnd: 4 }] };
    expect(problemsOf(hotels)).toEqual({ message: M.duplicateHotel, details: { 'hotelsPickUpTimes.1.hotelId': [M.duplicateHotel] } });
    expect(problemsOf({ regionsPickUpTimes: [{ regionId: 2, timeStart: 480, timeEnd: 510 }, { regionId: 2, timeStart: null, timeEnd: null }] })).toBeUndefined();
  });

  it('names every broken field at once, the name first', () => {
    const all = problemsOf({ name: '', regionsPickUpTimes: [{ regionId: 2, timeStart: 2000, timeEnd: 10 }] });
    expect(all?.message).toBe(M.name);
    expect(all?.details).toEqual({ name: [M.name], 'regionsPickUpTimes.0.timeStart': [M.time] });
  });

  it('deletes and restores, once each', () => {
    given(pickUpTimeDecider, created()).when({ type: 'DeletePickUpTime', ...key, usedBy: [] }).then([{ type: 'PickUpTimeDeleted', data: key }]);
    given(pickUpTimeDecider, [...created(), { type: 'PickUpTimeDeleted', data: key }]).when({ type: 'DeletePickUpTime', ...key, usedBy: [] }).then([]);
    given(pickUpTimeDecider, [...created(), { type: 'PickUpTimeDeleted', data: key }]).when({ type: 'RestorePickUpTime', ...key }).then([{ type: 'PickUpTimeRestored', data: key }]);
    given(pickUpTimeDecider, created()).when({ type: 'RestorePickUpTime', ...key }).then([]);
  });

  it('refuses to delete a pick-up time live groups or slots use, naming a few and counting the rest', () => {
    const group = "the time slot group 'Seats'";
    const slot = "the time slot 'Morning' of 'Seats'";
    given(pickUpTimeDecider, created()).when({ type: 'DeletePickUpTime', ...key, usedBy: [group] }).thenThrows(`Used by ${group}: choose another pick-up time for it first`);
    given(pickUpTimeDecider, created()).when({ type: 'DeletePickUpTime', ...key, usedBy: [group, slot] }).thenThrows(`Used by ${group} and ${slot}: choose another pick-up time for them first`);
    expect(pickUpTimeInUse(['a', 'b', 'c', 'd', 'e'])).toBe('Used by a, b, c and 2 more: choose another pick-up time for them first');
    // One deleted already (before this rule) stays as it is.
    given(pickUpTimeDecider, [...created(), { type: 'PickUpTimeDeleted', data: key }]).when({ type: 'DeletePickUpTime', ...key, usedBy: [group] }).then([]);
  });

  it('decides only events their schemas accept', () => {
    const registry = createEventRegistry();
    const events = [
      ...created({ hotelsPickUpTimes: [{ hotelId: NO_HOTEL_ID, timeStart: 420, timeEnd: null }] }),
      ...given(pickUpTimeDecider, created()).when(save({ name: 'Evening' }, false)).events(),
      { type: 'PickUpTimeDeleted' as const, data: key },
    ];
    for (const e of events) expect(() => registry.validate(e.type, e.data)).not.toThrow();
  });
});
