import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { pickUpTimesProjection } from './pickup-times.projection';

const spec = projectionSpec(pickUpTimesProjection);

const KEY = { id: 41, supplierId: 7 };
const stream = eventStream('pickuptime-41');

// One stream in order: revisions 0..3.
const created = stream.event('PickUpTimeCreated', {
  ...KEY,
  name: 'Morning',
  isFixedTime: false,
  regionsPickUpTimes: [
    { regionId: 2, timeStart: 480, timeEnd: 510 },
    { regionId: 3, timeStart: 490, timeEnd: 520 },
  ],
  hotelsPickUpTimes: [
    { hotelId: 0, timeStart: 420, timeEnd: 420 },
    { hotelId: 30, timeStart: 470, timeEnd: 475 },
  ],
});
const changed = stream.event('PickUpTimeChanged', {
  ...KEY,
  name: 'Early morning',
  isFixedTime: true,
  regionsPickUpTimes: [{ regionId: 3, timeStart: 400, timeEnd: 400 }],
  hotelsPickUpTimes: [],
});
const deleted = stream.event('PickUpTimeDeleted', KEY);
const restored = stream.event('PickUpTimeRestored', KEY);

const row = (over: Row = {}): Row => ({ id: 41, supplier_id: 7, name: 'Morning', is_fixed_time: false, is_deleted: false, version: 0, ...over });
const createdRegions = [
  { pickup_time_id: 41, region_id: 2, time_start: 480, time_end: 510 },
  { pickup_time_id: 41, region_id: 3, time_start: 490, time_end: 520 },
];
const createdHotels = [
  { pickup_time_id: 41, hotel_id: 0, time_start: 420, time_end: 420 },
  { pickup_time_id: 41, hotel_id: 30, time_start: 470, time_end: 475 },
];

describe('pick-up times projection', () => {
  it('maps a created pick-up time to its row and its windows, column by column', () =>
    spec.given().when(created).then({ pickup_times: [row()], pickup_time_regions: createdRegions, pickup_time_hotels: createdHotels }));

  it('replaces the windows on a change: dropped ones go, the row takes the new name, flag and version', () =>
    spec
      .given(created)
      .when(changed)
      .then({
        pickup_times: [row({ name: 'Early morning', is_fixed_time: true, version: 1 })],
        pickup_time_regions: [{ pickup_time_id: 41, region_id: 3, time_start: 400, time_end: 400 }],
        pickup_time_hotels: [],
      }));

  it('marks deleted and restored, keeping the windows', async () => {
    await spec.given(created, changed).when(deleted).then({ pickup_times: [row({ name: 'Early morning', is_fixed_time: true, is_deleted: true, version: 2 })] });
    await spec
      .given(created, changed, deleted)
      .when(restored)
      .then({ pickup_times: [row({ name: 'Early morning', is_fixed_time: true, version: 3 })], pickup_time_regions: [{ pickup_time_id: 41, region_id: 3, time_start: 400, time_end: 400 }] });
  });

  it('changes nothing when an event is delivered twice', async () => {
    await spec.given().when(created).thenReplayChangesNothing();
    await spec.given(created).when(changed).thenReplayChangesNothing();
    await spec.given(created, changed).when(deleted).thenReplayChangesNothing();
  });

  it('keeps other pick-up times apart', async () => {
    const other = eventStream('pickuptime-42').event('PickUpTimeCreated', { id: 42, supplierId: 8, name: 'Other', isFixedTime: false, regionsPickUpTimes: [{ regionId: 2, timeStart: 1, timeEnd: 2 }], hotelsPickUpTimes: [] });
    const tables = await spec.given(created, other).when(changed).tables();
    expect(tables.pickup_time_regions).toEqual([
      { pickup_time_id: 41, region_id: 3, time_start: 400, time_end: 400 },
      { pickup_time_id: 42, region_id: 2, time_start: 1, time_end: 2 },
    ]);
    expect(tables.pickup_times).toHaveLength(2);
  });
});
