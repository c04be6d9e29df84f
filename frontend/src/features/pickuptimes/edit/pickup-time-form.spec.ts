import { NO_HOTEL_ID } from '@tbo/scheduling/src/pure/pickup-window.pure';
import type { Hotel, Region } from '../api/list-places';
import type { PickUpTime } from '../api/pickup-time.schema';
import { buildSchema, formPathOfServerField, MASS_SET_DEFAULT, massSet, toEditor, toPayload } from './pickup-time-form';
import { expectCases } from '../../../test-support/expect-cases.testing';

const regions: Region[] = [
  { id: 11, name: 'Deira', cityId: 1, cityName: 'Dubai', isActive: true },
  { id: 12, name: 'Old Town', cityId: 1, cityName: 'Dubai', isActive: false },
];
const hotels: Hotel[] = [
  { id: 101, name: 'Hyatt', regionId: 11, regionName: 'Deira', cityId: 1, cityName: 'Dubai' },
  { id: 102, name: 'Hilton', regionId: 11, regionName: 'Deira', cityId: 1, cityName: 'Dubai' },
];
const saved: PickUpTime = {
  id: 5,
  name: 'Morning',
  isFixedTime: true,
  version: 3,
  regionsPickUpTimes: [
    { regionId: 11, name: 'Deira', cityId: 1, cityName: 'Dubai', isActive: true, timeStart: 480, timeEnd: 510 },
    { regionId: 12, name: 'Old Town', cityId: 1, cityName: 'Dubai', isActive: false, timeStart: null, timeEnd: null },
  ],
  hotelsPickUpTimes: [
    { hotelId: NO_HOTEL_ID, name: 'No Hotel', regionId: null, regionName: '', cityId: null, cityName: '', timeStart: 420, timeEnd: 420 },
    { hotelId: 102, name: 'Hilton', regionId: 11, regionName: 'Deira', cityId: 1, cityName: 'Dubai', timeStart: 460, timeEnd: 470 },
  ],
};

describe('pick-up time form', () => {
  it('starts a new pick-up time from every region and hotel, No Hotel first, all unset', () => {
    const { rows, values } = toEditor(null, regions, hotels);
    expect(rows.regions.map((r) => r.regionId)).toEqual([11, 12]);
    expect(rows.hotels.map((h) => h.hotelId)).toEqual([NO_HOTEL_ID, 101, 102]);
    expect(values).toEqual({ name: '', isFixedTime: false, regions: [{ start: '', end: '' }, { start: '', end: '' }], hotels: [{ start: '', end: '' }, { start: '', end: '' }, { start: '', end: '' }] });
  });

  it('shows a saved one as HH:MM, hotel overrides on their hotels', () => {
    const { values } = toEditor(saved, regions, hotels);
    expect(values.name).toBe('Morning');
    expect(values.regions).toEqual([{ start: '08:00', end: '08:30' }, { start: '', end: '' }]);
    expect(values.hotels).toEqual([{ start: '07:00', end: '07:00' }, { start: '', end: '' }, { start: '07:40', end: '07:50' }]);
  });

  it('keeps an override of a hotel the list no longer has', () => {
    const gone = { ...saved, hotelsPickUpTimes: [{ ...saved.hotelsPickUpTimes[1]!, hotelId: 999, name: 'Closed Inn' }] };
    const { rows, values } = toEditor(gone, regions, hotels);
    expect(rows.hotels.at(-1)).toMatchObject({ hotelId: 999, name: 'Closed Inn' });
    expect(values.hotels.at(-1)).toEqual({ start: '07:40', end: '07:50' });
  });

  it('sends every region entry and only the hotel entries with a start or an end (spec 02 §5)', () => {
    const { rows, values } = toEditor(null, regions, hotels);
    values.name = '  Evening ';
    values.regions[0] = { start: '18:00', end: '18:30' };
    values.hotels[2] = { start: '', end: '17:45' };
    const { payload, hotelRows } = toPayload(values, rows, 0, null);
    expect(payload).toEqual({
      id: 0,
      version: null,
      name: 'Evening',
      isFixedTime: false,
      regionsPickUpTimes: [
        { regionId: 11, timeStart: 1080, timeEnd: 1110 },
        { regionId: 12, timeStart: null, timeEnd: null },
      ],
      hotelsPickUpTimes: [{ hotelId: 102, timeStart: null, timeEnd: 1065 }],
    });
    expect(hotelRows).toEqual([2]);
    // The server names the hotel by its place in what was sent.
    expectCases((key: string) => formPathOfServerField(key, hotelRows), [
      ['hotelsPickUpTimes.0.timeEnd', 'hotels.2.end'],
      ['regionsPickUpTimes.1.timeStart', 'regions.1.start'],
      ['name', 'name'],
      ['hotelsPickUpTimes.4.timeEnd', null],
      ['somethingElse', null],
    ]);
  });

  it('mass-sets the chosen rows only, from 00:00 by default (spec 02 §9)', () => {
    expect(MASS_SET_DEFAULT).toBe('00:00');
    const rows = [
      { start: '', end: '' },
      { start: '09:00', end: '09:10' },
      { start: '', end: '' },
    ];
    expect(massSet(rows, [0, 2], '00:00', '00:00')).toEqual([{ start: '00:00', end: '00:00' }, rows[1], { start: '00:00', end: '00:00' }]);
  });

  it('requires a name and reads the times', () => {
    const schema = buildSchema({ nameRequired: 'Pick up time name is required', nameTooLong: 'long', time: 'HH:MM', startAfterEnd: 'after' });
    const issues = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ name: ' ', isFixedTime: false, regions: [], hotels: [] })).toEqual(['name: Pick up time name is required']);
    expect(issues({ name: 'A', isFixedTime: false, regions: [{ start: '09:', end: '' }], hotels: [{ start: '10:00', end: '09:59' }] })).toEqual(['regions.0.start: HH:MM', 'hotels.0.end: after']);
    expect(issues({ name: 'A', isFixedTime: true, regions: [{ start: '', end: '23:59' }], hotels: [] })).toEqual([]);
  });
});
