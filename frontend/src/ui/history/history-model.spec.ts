import { formatHistoryDate, historyRows, isSystemAuthor, shorten, type HistoryEntryLike } from './history-model';
import { describeHistoryValue, historyFormat, namesOf, type HistoryWords } from './history-values';
import { plainText } from './plain-text';

const words: HistoryWords = { yes: 'Yes', no: 'No', policyRule: (h, p) => `${h} h: ${p} %`, unknown: (id) => `#${String(id)}` };
const entry = (position: string, event: string, changes: HistoryEntryLike['changes'], at = '2026-11-23T19:43:27Z', by: string | null = 'u1'): HistoryEntryLike => ({ position, at, by, event, changes });

describe('history values', () => {
  it('shows text, booleans, lists and records as words, never JSON or ids', () => {
    expect(describeHistoryValue(null, words)).toBe('');
    expect(describeHistoryValue(true, words)).toBe('Yes');
    expect(describeHistoryValue(false, words)).toBe('No');
    expect(describeHistoryValue('<p>Hello <b>world</b></p><p>again &amp; again</p>', words)).toBe('Hello world again & again');
    expect(describeHistoryValue([{ hours: 48, percents: 100 }], words)).toBe('48 h: 100 %');
    expect(describeHistoryValue([{ guid: 'a-b', id: 3, title: 'Map', url: 'https://x' }], words)).toBe('Map');
    const itinerary = { guid: '6f1c-…', id: 1, index: 1, tourId: 7, name: 'Morning', stops: [{ guid: 'x', name: 'Castle', timeDescription: '09:00' }, { guid: 'y', name: 'Market', timeDescription: '' }] };
    expect(describeHistoryValue([itinerary], words)).toBe('Morning: 09:00 Castle → Market');
    expect(describeHistoryValue(`<p>${'x'.repeat(500)}</p>`, words)).toHaveLength(160);
    expect(shorten('x'.repeat(500), 50).endsWith('…')).toBe(true);
    expect(plainText('a<br>b')).toBe('a b');
  });

  it('names ids from a list; unknown ones as #id', () => {
    const cities = [{ value: 1, label: 'Dubai' }];
    expect(namesOf(cities, words, 1)).toBe('Dubai');
    expect(namesOf(cities, words, [1, 9])).toBe('Dubai, #9');
    const format = historyFormat(words, { origin: (v) => namesOf(cities, words, v) });
    expect(format('origin', [1])).toBe('Dubai');
    expect(format('isTopTour', true)).toBe('Yes');
  });

  it('dates read DD.MM.YYYY HH:MM in Dubai whatever the zone; system authors are the system', () => {
    expect(formatHistoryDate('2026-11-23T19:43:27.000Z')).toBe('23.11.2026 23:43');
    expect(formatHistoryDate('2026-11-29T23:50:00Z')).toBe('30.11.2026 03:50');
    expect(formatHistoryDate('soon')).toBe('soon');
    expect(isSystemAuthor('system:seed')).toBe(true);
    expect(isSystemAuthor(null)).toBe(true);
    expect(isSystemAuthor('42')).toBe(false);
  });
});

describe('history rows', () => {
  const format = historyFormat(words);
  const isCreated = (e: string) => e === 'TourCreated';

  it('folds the creating save into one Created row and leaves out empty sections, newest first', () => {
    const rows = historyRows(
      [
        entry('1', 'TourCreated', []),
        entry('2', 'TourBasicDetailsChanged', [{ field: 'nameInternal', before: null, after: 'X' }]),
        entry('3', 'TourLocationChanged', [{ field: 'locationAddress', before: null, after: '' }]),
        entry('4', 'TourSeoChanged', [{ field: 'seo', before: '', after: '<p>Hi</p>' }], '2026-11-24T08:00:00Z'),
        entry('5', 'TourLocationChanged', [{ field: 'faq', before: '<p>x</p>', after: '<p>x </p>' }], '2026-11-24T09:00:00Z'),
      ],
      { format, isCreated },
    );
    expect(rows.map((r) => r.event)).toEqual(['TourSeoChanged', 'TourCreated']);
    expect(rows[1]!.changes).toEqual([{ field: 'nameInternal', before: '', after: 'X' }]);
    expect(rows[0]!.changes).toEqual([{ field: 'seo', before: '', after: 'Hi' }]);
  });

  it('keeps a Created row without values', () => {
    expect(historyRows([entry('1', 'TourCreated', [])], { format, isCreated }).map((r) => r.event)).toEqual(['TourCreated']);
  });
});
