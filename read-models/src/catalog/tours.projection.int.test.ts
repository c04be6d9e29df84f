import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { toursProjection } from './tours.projection';

const spec = projectionSpec(toursProjection);

const TOUR = { id: 12, supplierId: 4 };
const tour = eventStream('tour-12');
/** A section as the event states it: the sample, for this tour. */
const section = (type: string, over: Row = {}) => ({ ...exampleOf(type), ...TOUR, ...over });
/** What a section adds to the tour's data: everything but the key. */
const sectionData = (data: unknown) => {
  const { id: _id, supplierId: _supplierId, ...rest } = data as Record<string, unknown>;
  return rest;
};

// One stream in order: revisions 0..9.
const created = tour.event('TourCreated', TOUR);
const basics = tour.event('TourBasicDetailsChanged', section('TourBasicDetailsChanged', { nameInternal: 'DSF-01', nameDisplay: 'Desert Safari', languageId: 3, isTopTour: true }));
const location = tour.event('TourLocationChanged', section('TourLocationChanged'));
const terms = tour.event('TourTermsChanged', section('TourTermsChanged'));
const media = tour.event('TourMediaChanged', section('TourMediaChanged', { photos: [41, 42], heroImageId: 42 }));
const itineraries = tour.event('TourItinerariesChanged', section('TourItinerariesChanged'));
const seo = tour.event('TourSeoChanged', section('TourSeoChanged', { seoPageTitle: 'Red dunes at dusk' }));
const renamed = tour.event('TourBasicDetailsChanged', section('TourBasicDetailsChanged', { nameInternal: 'DSF-02', nameDisplay: 'Evening Safari', languageId: 5, isTopTour: false }));
const deleted = tour.event('TourDeleted', TOUR);
const restored = tour.event('TourRestored', TOUR);

const tourRow = (over: Row = {}): Row => ({
  id: 12,
  supplier_id: 4,
  name_internal: '',
  name_display: '',
  language_id: null,
  is_top_tour: false,
  is_deleted: false,
  data: {},
  version: 0,
  ...over,
});
const named = { name_internal: 'DSF-01', name_display: 'Desert Safari', language_id: 3, is_top_tour: true };

describe('tours projection', () => {
  it('creates a bare tour row with the defaults and the stream revision', () => spec.given().when(created).then({ tours: [tourRow()] }));

  it('flattens the basic details into the list columns and keeps the section in data', () =>
    spec.given(created).when(basics).then({ tours: [tourRow({ ...named, data: sectionData(basics.data), version: 1 })] }));

  it('merges each section into data, leaving the list columns alone', async () => {
    const sections = [location, terms, media, itineraries, seo];
    for (const [i, event] of sections.entries()) {
      const history = [created, basics, ...sections.slice(0, i)];
      const data = Object.assign({}, ...[basics, ...sections.slice(0, i + 1)].map((e) => sectionData(e.data))) as Row;
      await spec.given(...history).when(event).then({ tours: [tourRow({ ...named, data, version: event.revision })] });
    }
  });

  it('restates the list columns when the basic details change again', () =>
    spec.given(created, basics, location).when(renamed).then({
      tours: [
        tourRow({
          name_internal: 'DSF-02',
          name_display: 'Evening Safari',
          language_id: 5,
          is_top_tour: false,
          data: { ...sectionData(basics.data), ...sectionData(location.data), ...sectionData(renamed.data) },
          version: 7,
        }),
      ],
    }));

  it('creates the row from a section when it comes before TourCreated', () =>
    spec.given().when(media).then({ tours: [tourRow({ data: sectionData(media.data), version: 4 })] }));

  it('marks the tour deleted and restored', async () => {
    await spec.given(created, basics).when(deleted).then({ tours: [tourRow({ ...named, data: sectionData(basics.data), is_deleted: true, version: 8 })] });
    await spec.given(created, basics, deleted).when(restored).then({ tours: [tourRow({ ...named, data: sectionData(basics.data), is_deleted: false, version: 9 })] });
  });

  replayingTwice(spec, [
    ['TourCreated', [], created],
    ['TourBasicDetailsChanged', [created], basics],
    ['TourLocationChanged', [created, basics], location],
    ['TourTermsChanged', [created, basics], terms],
    ['TourMediaChanged', [created, basics], media],
    ['TourItinerariesChanged', [created, basics], itineraries],
    ['TourSeoChanged', [created, basics], seo],
    ['TourDeleted', [created, basics], deleted],
    ['TourRestored', [created, basics, deleted], restored],
  ]);
});
