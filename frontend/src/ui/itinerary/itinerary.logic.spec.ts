import type { Itinerary } from '../../app/catalog/tour.types';
import { emptyStop, fromDraft, moveItem, needsStopWarning, newGuid, reindex, removeItem, stopTimeText, toDraft, toStopTime, validateDraft, type ItineraryDraft } from './itinerary.logic';

const items = (...names: string[]) => names.map((name, i) => ({ name, index: i * 10 }));
const counter = () => {
  let n = 0;
  return () => `g${++n}`;
};

describe('reindex, moveItem, removeItem', () => {
  it('numbers from 1 in list order', () => {
    expect(reindex(items('a', 'b', 'c')).map((x) => x.index)).toEqual([1, 2, 3]);
  });
  it('moves up and down and re-indexes', () => {
    const moved = moveItem(items('a', 'b', 'c'), 2, -1);
    expect(moved.map((x) => `${x.index}${x.name}`)).toEqual(['1a', '2c', '3b']);
    expect(moveItem(items('a', 'b', 'c'), 0, 1).map((x) => x.name)).toEqual(['b', 'a', 'c']);
  });
  it('does not move past either end', () => {
    expect(moveItem(items('a', 'b'), 0, -1).map((x) => `${x.index}${x.name}`)).toEqual(['1a', '2b']);
    expect(moveItem(items('a', 'b'), 1, 1).map((x) => x.name)).toEqual(['a', 'b']);
  });
  it('removes and re-indexes from 1', () => {
    expect(removeItem(items('a', 'b', 'c'), 0).map((x) => `${x.index}${x.name}`)).toEqual(['1b', '2c']);
    expect(removeItem(items('a'), 0)).toEqual([]);
  });
  it('leaves the input alone', () => {
    const list = items('a', 'b');
    moveItem(list, 0, 1);
    removeItem(list, 0);
    expect(list).toEqual(items('a', 'b'));
  });
});

describe('newGuid', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(newGuid({ randomUUID: () => 'x-y', getRandomValues: (a) => a })).toBe('x-y');
  });
  it('makes a v4 UUID without randomUUID (pages outside a secure context)', () => {
    const g = newGuid({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => a });
    expect(g).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newGuid()).not.toBe(newGuid());
  });
});

describe('stop times (spec 01 §5)', () => {
  it('stores minutes and HH:MM', () => {
    expect(toStopTime('09:30')).toEqual({ minutes: 570, description: '09:30' });
    expect(toStopTime('23:59')).toEqual({ minutes: 1439, description: '23:59' });
    expect(toStopTime('00:00')).toEqual({ minutes: 0, description: '00:00' });
  });
  it('completes a partly typed time', () => {
    expect(toStopTime('07:')).toEqual({ minutes: 420, description: '07:00' });
    expect(toStopTime('1')).toEqual({ minutes: 60, description: '01:00' });
    expect(toStopTime('12:')).toEqual({ minutes: 720, description: '12:00' });
    expect(toStopTime('12:3')).toEqual({ minutes: 750, description: '12:30' });
  });
  it('gives 0:0 for a time that cannot be read, nothing for empty', () => {
    expect(toStopTime('xx')).toEqual({ minutes: 0, description: '00:00' });
    expect(toStopTime('25:00')).toEqual({ minutes: 0, description: '00:00' });
    expect(toStopTime('')).toEqual({ minutes: 0, description: '' });
  });
  it('shows a stored time as HH:MM', () => {
    expect(stopTimeText('9:05', 545)).toBe('09:05');
    expect(stopTimeText('', 600)).toBe('10:00');
    expect(stopTimeText('', 0)).toBe('');
    expect(stopTimeText(null, null)).toBe('');
    expect(stopTimeText('bad', 600)).toBe('00:00');
  });
});

const stored: Itinerary = {
  guid: 'it-1',
  id: 7,
  index: 1,
  tourId: 3,
  name: 'Morning',
  stops: [
    { index: 1, guid: 's-1', itineraryId: 7, name: 'Hotel pickup', description: '<p>Lobby</p>', time: 480, timeEnd: 495, timeDescription: '08:00', timeEndDescription: '08:15', address: 'Marina', lat: 25.08, lng: 55.14 },
    { index: 2, guid: '', itineraryId: 7, name: 'Dunes', description: '', time: 0, timeEnd: 0, timeDescription: '', timeEndDescription: '', address: '', lat: null, lng: null },
  ],
};

describe('toDraft and fromDraft', () => {
  it('opens a new itinerary with one empty stop', () => {
    const d = toDraft(null, counter());
    expect(d).toEqual({ name: '', stops: [{ guid: 'g1', name: '', description: '', timeText: '', timeEndText: '', address: '', lat: null, lng: null }] });
    expect(emptyStop(() => 'z').guid).toBe('z');
  });
  it('round-trips a stored itinerary, giving a guid to a stop without one', () => {
    const d = toDraft(stored, counter());
    expect(d.stops.map((s) => [s.guid, s.timeText, s.timeEndText])).toEqual([
      ['s-1', '08:00', '08:15'],
      ['g1', '', ''],
    ]);
    const back = fromDraft(d, stored, counter());
    expect(back).toEqual({ ...stored, stops: [stored.stops[0], { ...stored.stops[1], guid: 'g1' }] });
  });
  it('keeps ids, re-indexes stops from 1 and stores minutes with HH:MM', () => {
    const draft: ItineraryDraft = {
      name: '  Evening ',
      stops: [
        { ...emptyStop(() => 'b'), name: 'Second', timeText: '19:45', timeEndText: '07:' },
        { ...emptyStop(() => 'a'), name: ' First ', timeText: '18:00', timeEndText: '', lat: 25.2, lng: 55.27 },
      ],
    };
    const it = fromDraft(draft, { id: 0, guid: '', index: 3, tourId: 9 }, () => 'new-guid');
    expect(it.guid).toBe('new-guid');
    expect(it).toMatchObject({ id: 0, index: 3, tourId: 9, name: 'Evening' });
    expect(it.stops.map((s) => [s.index, s.guid, s.itineraryId, s.name, s.time, s.timeDescription, s.timeEnd, s.timeEndDescription, s.lat, s.lng])).toEqual([
      [1, 'b', 0, 'Second', 1185, '19:45', 420, '07:00', null, null],
      [2, 'a', 0, 'First', 1080, '18:00', 0, '', 25.2, 55.27],
    ]);
  });
});

describe('validateDraft', () => {
  it('requires the itinerary name and every stop name', () => {
    const d: ItineraryDraft = { name: ' ', stops: [emptyStop(() => 'a'), { ...emptyStop(() => 'b'), name: 'Dunes' }] };
    expect(validateDraft(d)).toEqual({ name: true, stopNames: [true, false], any: true });
    expect(validateDraft({ name: 'Day', stops: [{ ...emptyStop(() => 'a'), name: 'x' }] })).toEqual({ name: false, stopNames: [false], any: false });
  });
  it('only warns about an itinerary without stops', () => {
    const d: ItineraryDraft = { name: 'Day', stops: [] };
    expect(validateDraft(d).any).toBe(false);
    expect(needsStopWarning(d)).toBe(true);
    expect(needsStopWarning(toDraft(null))).toBe(false);
  });
});
