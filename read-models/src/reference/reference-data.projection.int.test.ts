import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { referenceDataProjection } from './reference-data.projection';

const spec = projectionSpec(referenceDataProjection);

/**
 * Each kind: its stream, the data of an Added and a Changed event, and the rows they make. The
 * values differ field by field (and from the id), so a column fed from the wrong field shows.
 */
const kinds: { kind: string; stream: string; table: string; added: Row; changed: Row; addedRow: Row; changedRow: Row }[] = [
  {
    kind: 'Country',
    stream: 'country-784',
    table: 'countries',
    added: { id: 784, name: 'United Arab Emirates', code: 'AE' },
    changed: { id: 784, name: 'Emirates', code: 'AX' },
    addedRow: { id: 784, name: 'United Arab Emirates', code: 'AE' },
    changedRow: { id: 784, name: 'Emirates', code: 'AX' },
  },
  {
    kind: 'City',
    stream: 'city-3',
    table: 'cities',
    added: { id: 3, name: 'Dubai', countryId: 784 },
    changed: { id: 3, name: 'Dubayy', countryId: 785 },
    addedRow: { id: 3, name: 'Dubai', country_id: 784 },
    changedRow: { id: 3, name: 'Dubayy', country_id: 785 },
  },
  {
    kind: 'Region',
    stream: 'region-12',
    table: 'regions',
    added: { id: 12, name: 'Deira', cityId: 3, isActive: true },
    changed: { id: 12, name: 'Deira Old Town', cityId: 4, isActive: false },
    addedRow: { id: 12, name: 'Deira', city_id: 3, is_active: true },
    changedRow: { id: 12, name: 'Deira Old Town', city_id: 4, is_active: false },
  },
  {
    kind: 'Hotel',
    stream: 'hotel-40',
    table: 'hotels',
    added: { id: 40, name: 'Hyatt Regency Dubai Creek', regionId: 12, cityId: 3 },
    changed: { id: 40, name: 'Hyatt Regency Creek Heights', regionId: 13, cityId: 5 },
    addedRow: { id: 40, name: 'Hyatt Regency Dubai Creek', region_id: 12, city_id: 3 },
    changedRow: { id: 40, name: 'Hyatt Regency Creek Heights', region_id: 13, city_id: 5 },
  },
  {
    kind: 'TourCategory',
    stream: 'tourcategory-2',
    table: 'tour_categories',
    added: { id: 2, name: 'Desert Safari' },
    changed: { id: 2, name: 'Desert Adventures' },
    addedRow: { id: 2, name: 'Desert Safari' },
    changedRow: { id: 2, name: 'Desert Adventures' },
  },
  {
    kind: 'TicketType',
    stream: 'tickettype-5',
    table: 'ticket_types',
    added: { id: 5, name: 'Burj Khalifa At the Top', shortName: 'BK124', reorderLevel: 50, reservationTime: 30, available: 200, expired: 1, freezed: 4, expiresIn5Days: 10 },
    changed: { id: 5, name: 'Burj Khalifa Sky', shortName: 'BK148', reorderLevel: 25, reservationTime: 45, available: 120, expired: 3, freezed: 6, expiresIn5Days: 8 },
    addedRow: { id: 5, name: 'Burj Khalifa At the Top', short_name: 'BK124', reorder_level: 50, reservation_time: 30, available: 200, expired: 1, freezed: 4, expires_in_5_days: 10 },
    changedRow: { id: 5, name: 'Burj Khalifa Sky', short_name: 'BK148', reorder_level: 25, reservation_time: 45, available: 120, expired: 3, freezed: 6, expires_in_5_days: 8 },
  },
];

const cases = kinds.map((k) => {
  const stream = eventStream(k.stream);
  return { ...k, addedEvent: stream.event(`${k.kind}Added`, k.added), changedEvent: stream.event(`${k.kind}Changed`, k.changed) };
});
const emptyTables = Object.fromEntries(Object.keys(referenceDataProjection.tables).map((t) => [t, []]));

describe('reference data projection', () => {
  it('handles exactly the Added and Changed events of every kind it has a table for', () => {
    expect([...referenceDataProjection.handles].sort()).toEqual(cases.flatMap((c) => [`${c.kind}Added`, `${c.kind}Changed`]).sort());
  });

  describe.each(cases)('$kind', ({ table, addedEvent, changedEvent, addedRow, changedRow }) => {
    it(`adds a row to ${table} only`, () => spec.given().when(addedEvent).then({ ...emptyTables, [table]: [addedRow] }));

    it('restates every column on a change', () => spec.given(addedEvent).when(changedEvent).then({ [table]: [changedRow] }));

    it('adds the row when the change comes first', () => spec.given().when(changedEvent).then({ [table]: [changedRow] }));

    it('replaying the same event twice changes nothing the first time did not', async () => {
      await spec.given().when(addedEvent).thenReplayChangesNothing();
      await spec.given(addedEvent).when(changedEvent).thenReplayChangesNothing();
    });
  });
});
