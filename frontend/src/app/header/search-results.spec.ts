import en from '../../i18n/locales/en/shell.json';
import ru from '../../i18n/locales/ru/shell.json';
import { checkInPage, isLatestSubmit, matchingPages, searchGroups, searchScope, searchTexts, type SearchScope } from './search-results';

const pages = [
  { label: 'Bookings', to: '/bookings' },
  { label: 'Tours', to: '/tours' },
  { label: 'Tours & more', to: '/more' },
];

describe('header search results', () => {
  it('finds pages by name, exact first, case-insensitive', () => {
    expect(matchingPages(pages, ' TOURS & more ').map((p) => p.to)).toEqual(['/more']);
    expect(matchingPages([...pages].reverse(), 'tours').map((p) => p.to)).toEqual(['/tours', '/more']);
    expect(matchingPages(pages, '  ')).toEqual([]);
  });

  it('groups pages, tours and tickets, leaving out empty groups; tours and tickets open their edit pages', () => {
    const groups = searchGroups(matchingPages(pages, 'book'), {
      tours: [{ id: 7, nameInternal: 'DS-01', nameDisplay: 'Desert Safari' }],
      offers: [{ id: 9, tourId: 7, nameInternal: 'OF-1', nameDisplay: '', tourNameInternal: 'DS-01' }],
    });
    expect(groups.map((g) => g.key)).toEqual(['pages', 'tours', 'tickets']);
    expect(groups[1]!.options[0]).toEqual({ id: 'tour:7', label: 'Desert Safari', detail: 'DS-01', to: '/tours/7' });
    expect(groups[2]!.options[0]).toEqual({ id: 'ticket:9', label: 'OF-1', detail: 'OF-1 · DS-01', to: '/tours/7/9' });
    expect(searchGroups([], { tours: [], offers: [] })).toEqual([]);
  });

  it('lists bookings with their guest, date, tour and voucher, opening the path given', () => {
    const groups = searchGroups([], undefined, { hits: [{ id: 42, date: '2026-12-01', guestName: 'Anna', voucher: 'V-1', tourName: 'Safari' }], to: (id) => `/bookings?id=${id}` });
    expect(groups).toEqual([{ key: 'bookings', options: [{ id: 'booking:42', label: '#42 · Anna', detail: '01.12.2026 · Safari · V-1', to: '/bookings?id=42' }] }]);
  });

  it("labels a hit in the interface language's words when given them ('№42 · Anna' in Russian)", () => {
    const hit = { id: 42, date: '2026-12-01', guestName: 'Anna', voucher: '', tourName: 'Safari' };
    const label = (b: { id: number; guestName: string }) => ru.search.bookingHit.replace('{{id}}', String(b.id)).replace('{{guest}}', b.guestName);
    expect(searchGroups([], undefined, { hits: [hit], to: String, label })[0]!.options[0]!.label).toBe('№42 · Anna');
    expect(en.search.bookingHit).toBe('#{{id}} · {{guest}}');
  });

  it('says the status of a booking not in force, so a cancelled one is not taken for a live one', () => {
    const hit = { id: 42, date: '2026-12-01', guestName: 'Anna', voucher: '', tourName: 'Safari' };
    const status = (code: number) => (code === 4 ? 'Cancelled' : null);
    const details = searchGroups([], undefined, { hits: [{ ...hit, status: 4 }, { ...hit, id: 43, status: 0 }], to: String, status })[0]!.options.map((o) => o.detail);
    expect(details).toEqual(['01.12.2026 · Safari · Cancelled', '01.12.2026 · Safari']);
  });
});

describe("an Enter's late answer (the header search asks when the typed text's answer has not arrived)", () => {
  it('is used while it is the latest Enter and the box still holds the text it asked about', () => {
    expect(isLatestSubmit({ mine: 3, latest: 3, asked: 'safari', now: 'safari ' })).toBe(true);
  });

  it('is dropped after a newer Enter, or when the text has changed meanwhile', () => {
    expect(isLatestSubmit({ mine: 2, latest: 3, asked: 'safari', now: 'safari' })).toBe(false);
    expect(isLatestSubmit({ mine: 3, latest: 3, asked: 'safari', now: 'safari dubai' })).toBe(false);
    expect(isLatestSubmit({ mine: 3, latest: 3, asked: 'safari', now: '' })).toBe(false);
  });
});

describe('checkInPage', () => {
  it("reads a voucher's booking reference (any case, with or without BK-) as its check-in page", () => {
    expect(checkInPage('BK-1001')).toEqual({ reference: 'BK-1001', to: '/checkin/BK-1001' });
    expect(checkInPage(' bk-0042 ')).toEqual({ reference: 'BK-42', to: '/checkin/BK-42' });
    expect(checkInPage('1001')).toEqual({ reference: 'BK-1001', to: '/checkin/BK-1001' });
    for (const text of ['', 'BK-', 'BK-0', 'manifests', 'BK-12a', '12345678901']) expect(checkInPage(text)).toBeNull();
  });

  it("reads the voucher's document number (VCH-<booking>-<revision>) and '#<booking>' as the booking's check-in page", () => {
    expect(checkInPage('VCH-239-0')).toEqual({ reference: 'BK-239', to: '/checkin/BK-239' });
    expect(checkInPage(' vch-239-12 ')).toEqual({ reference: 'BK-239', to: '/checkin/BK-239' });
    // The revision is not the booking: a later revision of the same voucher opens the same booking.
    expect(checkInPage('VCH-1001-3')?.reference).toBe('BK-1001');
    expect(checkInPage('#239')).toEqual({ reference: 'BK-239', to: '/checkin/BK-239' });
    expect(checkInPage('# 239')?.reference).toBe('BK-239');
    // The agent's own voucher number (GH-20261201-1) needs a server look-up drivers may not make: not read here.
    for (const text of ['VCH-', 'VCH-239', 'VCH-239-', 'VCH-0-1', 'VCH--1', 'VCH-239-0-1', 'VCH-239-x', 'VCH239-0', '#', '#0', '#bk-239', '##239', 'GH-20261201-1']) {
      expect({ text, page: checkInPage(text) }).toEqual({ text, page: null });
    }
  });
});

describe('what the header search says it looks through (spec 02: bookings for those who may see them, else pages)', () => {
  it('is bookings for a bookings role, pages for a role with none, with tours and tickets for tour managers', () => {
    expect(searchScope({ catalog: false, bookings: true, checkIn: false })).toBe('bookings');
    expect(searchScope({ catalog: false, bookings: false, checkIn: false })).toBe('pages');
    expect(searchScope({ catalog: false, bookings: false, checkIn: true })).toBe('checkIn');
    expect(searchScope({ catalog: true, bookings: false, checkIn: false })).toBe('catalog');
    expect(searchScope({ catalog: true, bookings: true, checkIn: true })).toBe('all');
    // A driver who may also see bookings searches bookings, not a check-in reference.
    expect(searchScope({ catalog: false, bookings: true, checkIn: true })).toBe('bookings');
  });

  it('names, placeholds and answers "nothing found" per scope, in en and ru', () => {
    const at = (root: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], root);
    const say = (root: unknown, scope: SearchScope) => {
      const keys = searchTexts(scope);
      return { label: at(root, keys.label), placeholder: at(root, keys.placeholder), nothing: at(root, keys.nothing) };
    };
    expect(say(en, 'bookings')).toEqual({
      label: 'Search pages and bookings',
      placeholder: 'Booking #, voucher or guest',
      nothing: 'No booking with this number, voucher or guest name: “{{text}}”.',
    });
    expect(say(en, 'pages')).toEqual({ label: 'Search pages', placeholder: 'Search pages…', nothing: 'No page matches “{{text}}”.' });
    expect(say(ru, 'bookings').placeholder).toBe('№ брони, ваучер или гость');
    expect(say(ru, 'pages').placeholder).toBe('Поиск разделов…');
    expect(say(ru, 'pages').nothing).toBe('Нет разделов по запросу «{{text}}».');
    const scopes = ['all', 'catalog', 'bookings', 'checkIn', 'pages'] as const;
    for (const scope of scopes) for (const root of [en, ru]) for (const text of Object.values(say(root, scope))) expect(typeof text).toBe('string');
    // Each scope says something of its own.
    for (const root of [en, ru]) expect(new Set(scopes.map((s) => say(root, s).placeholder)).size).toBe(scopes.length);
  });
});
