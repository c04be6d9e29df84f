import type { RecordedEvent } from '@tbo/event-schemas';
import { eventStream, exampleOf, type EventOptions } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { ACTIVITY_TYPES, activityProjection } from './activity.projection';

const spec = projectionSpec(activityProjection);

/** A supplier's user, with an admin acting as them: every metadata field the log keeps differs from the others. */
const bySupplierUser = (occurredAt: string, over: EventOptions['metadata'] = {}): EventOptions => ({
  occurredAt,
  metadata: { tenantId: 'supplier-6', userId: 'ops@desert.test', actedBy: 'admin@platform.test', ...over },
});

const tour = eventStream('tour-12');
const tourCreated = tour.event('TourCreated', { id: 12, supplierId: 6 }, bySupplierUser('2026-11-02T07:15:00.250Z'));
const tourNamed = tour.event('TourBasicDetailsChanged', { ...exampleOf('TourBasicDetailsChanged'), id: 12, supplierId: 6, nameInternal: '  HAT-01 ', nameDisplay: 'Hatta Mountain' }, bySupplierUser('2026-11-02T07:20:00.000Z', { actedBy: null }));
const offer = eventStream('offer-30');
const offerCreated = offer.event('OfferCreated', { id: 30, supplierId: 6, tourId: 12 }, bySupplierUser('2026-11-02T07:25:00.000Z'));
const offerNamed = offer.event(
  'OfferDetailsChanged',
  { ...exampleOf('OfferDetailsChanged'), id: 30, supplierId: 6, tourId: 12, nameInternal: 'HAT-01-PRV', nameDisplay: 'Hatta — Private' },
  bySupplierUser('2026-11-02T07:30:00.000Z'),
);
/** An agency's agent and a command with no tenant (the command line): not a supplier's activity. */
const byAgency = eventStream('tour-13').event('TourBasicDetailsChanged', { ...exampleOf('TourBasicDetailsChanged'), id: 13, supplierId: 6, nameInternal: 'DHO-02' }, { metadata: { tenantId: 'agency-21' } });
const noTenant = eventStream('offer-31').event('OfferCreated', { id: 31, supplierId: 6, tourId: 13 }, { metadata: { tenantId: null } });

const row = (e: RecordedEvent, over: Row = {}): Row => ({
  seq: expect.any(String),
  event_id: e.eventId,
  supplier_id: 6,
  occurred_at: new Date(e.metadata.occurredAt),
  user_email: 'ops@desert.test',
  acted_by: 'admin@platform.test',
  event_type: e.type,
  stream_id: e.streamId,
  item_kind: e.streamId.split('-')[0],
  item_key: e.streamId.split('-')[1],
  ...over,
});
const item = (stream_id: string, label: string | null, parent_id: number | null): Row => ({ stream_id, label, parent_id });

describe('activity projection', () => {
  it("logs a supplier's user's command from its metadata: who, the admin acting as them, when, and the item by kind and key", () =>
    spec.given().when(tourCreated).then({ activity: [row(tourCreated, { occurred_at: new Date('2026-11-02T07:15:00.250Z'), item_kind: 'tour', item_key: '12' })], activity_items: [] }));

  it("keeps an item's name, trimmed, the first of its event's names", () =>
    spec.given(tourCreated).when(tourNamed).then({ activity: [row(tourCreated), row(tourNamed, { acted_by: null })], activity_items: [item('tour-12', 'HAT-01', null)] }));

  it("keeps an offer's tour (its history lives under it), and the tour once its name comes", async () => {
    await spec.given().when(offerCreated).then({ activity: [row(offerCreated)], activity_items: [item('offer-30', null, 12)] });
    await spec.given(offerCreated).when(offerNamed).then({ activity_items: [item('offer-30', 'HAT-01-PRV', 12)] });
  });

  it("an event naming nothing leaves the item's name and tour as they were", () =>
    spec.given(tourNamed).when(eventStream('tour-12').event('TourDeleted', { id: 12, supplierId: 6 }, bySupplierUser('2026-11-03T08:00:00.000Z'))).then({ activity_items: [item('tour-12', 'HAT-01', null)] }));

  it("logs no row for an agency's or the command line's event, yet keeps the names it gives", () =>
    spec.given().when(byAgency, noTenant).then({ activity: [], activity_items: [item('offer-31', null, 13), item('tour-13', 'DHO-02', null)] }));

  it('a batch of several items, created and then changed, logs every event and ends with each item as the events one by one do', async () => {
    const batch = [tourCreated, offerCreated, tourNamed, byAgency, offerNamed] as const;
    const tables = await spec.given().when(...batch).tables();
    expect(tables).toEqual({
      activity: [row(tourCreated), row(offerCreated), row(tourNamed, { acted_by: null }), row(offerNamed)],
      activity_items: [item('offer-30', 'HAT-01-PRV', 12), item('tour-12', 'HAT-01', null), item('tour-13', 'DHO-02', null)],
    });
    expect((await spec.given(tourCreated, offerCreated, tourNamed).when(byAgency, offerNamed).tables()).activity_items).toEqual(tables.activity_items);
  });

  describe('every event type a person can cause', () => {
    // Each type's registered example on a stream of its own, its supplier and key its position in the list.
    const all = ACTIVITY_TYPES.map((type, i) =>
      eventStream(`${type.toLowerCase()}-k${i}`).event(type, exampleOf(type), { occurredAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(), metadata: { tenantId: `supplier-${100 + i}`, userId: `user${i}@desert.test`, actedBy: null } }),
    );

    it('is logged, with its type, stream and supplier', () =>
      spec
        .given()
        .when(...all)
        .then({
          activity: all.map((e, i) =>
            row(e, { supplier_id: 100 + i, occurred_at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)), user_email: `user${i}@desert.test`, acted_by: null, item_kind: ACTIVITY_TYPES[i]!.toLowerCase(), item_key: `k${i}` }),
          ),
        }));

    it('changes nothing when the whole log is replayed', () => spec.given().when(...all).thenReplayChangesNothing());
  });

  replayingTwice(spec, [
    ['TourCreated', [], tourCreated],
    ['TourBasicDetailsChanged', [tourCreated], tourNamed],
    ['OfferCreated', [tourCreated], offerCreated],
    ['OfferDetailsChanged', [offerCreated], offerNamed],
  ]);
});
