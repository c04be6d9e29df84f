import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row, type Tables } from '../testing/projection-spec.testing';
import { photoUsageProjection } from './photo-usage.projection';

const spec = projectionSpec(photoUsageProjection);

// Every id differs from every other, so a column fed from the wrong field cannot pass by coincidence.
const SUPPLIER = 4;
const TOUR = { id: 17, supplierId: SUPPLIER };
const OTHER_TOUR = { id: 18, supplierId: SUPPLIER };
const OFFER = { id: 31, supplierId: SUPPLIER };

const tour = eventStream('tour-17');
const otherTour = eventStream('tour-18');
const offer = eventStream('offer-31');
const media = eventStream('photo-usage');

const basics = (name: string) => ({ ...exampleOf('TourBasicDetailsChanged'), ...TOUR, nameInternal: name, nameDisplay: `Display ${name}` });
const offerDetails = (tourId: number, name: string, photos: number[], heroImageId: number | null) => ({
  ...exampleOf('OfferDetailsChanged'),
  ...OFFER,
  tourId,
  nameInternal: name,
  nameDisplay: `Display ${name}`,
  photos,
  heroImageId,
});

const tourCreated = tour.event('TourCreated', TOUR);
const tourNamed = tour.event('TourBasicDetailsChanged', basics('DSF-01'));
// The hero (103) is not among the photos, as in events older than the catalog keeping it there.
const tourMedia = tour.event('TourMediaChanged', { ...TOUR, photos: [101, 102], heroImageId: 103 });
const tourMediaHeroAmongPhotos = tour.event('TourMediaChanged', { ...TOUR, photos: [102, 105], heroImageId: 105 });
const tourRenamed = tour.event('TourBasicDetailsChanged', basics('DSF-01-NEW'));
const tourDeleted = tour.event('TourDeleted', TOUR);
const tourRestored = tour.event('TourRestored', TOUR);
const otherTourCreated = otherTour.event('TourCreated', OTHER_TOUR);

const offerCreated = offer.event('OfferCreated', { ...OFFER, tourId: TOUR.id });
// 102 is the tour's photo too: one photo, two users.
const offerDetailed = offer.event('OfferDetailsChanged', offerDetails(TOUR.id, 'DSF-01-STD', [102], 104));
const offerMoved = offer.event('OfferDetailsChanged', offerDetails(OTHER_TOUR.id, 'DSF-02-VIP', [104], null));
const offerDeleted = offer.event('OfferDeleted', OFFER);
const offerRestored = offer.event('OfferRestored', OFFER);

const countryUse = media.event('PhotoUsageRecorded', { photoId: 101, kind: 'country', refId: 784, name: 'United Arab Emirates' });
const countryRenamed = media.event('PhotoUsageRecorded', { photoId: 101, kind: 'country', refId: 784, name: 'UAE' });
const widgetUse = media.event('PhotoUsageRecorded', { photoId: 106, kind: 'widget', refId: 9, name: 'Home banner' });
const recordedTourUse = media.event('PhotoUsageRecorded', { photoId: 107, kind: 'tour', refId: 23, name: 'Old tour' });
const countryUseRemoved = media.event('PhotoUsageRemoved', { photoId: 101, kind: 'country', refId: 784 });

const tourSource = (over: Row = {}): Row => ({ kind: 'tour', ref_id: 17, supplier_id: 4, tour_id: 17, name: '', photo_ids: [], is_deleted: false, ...over });
const offerSource = (over: Row = {}): Row => ({ kind: 'offer', ref_id: 31, supplier_id: 4, tour_id: 17, name: '', photo_ids: [], is_deleted: false, ...over });
const otherTourSource: Row = { kind: 'tour', ref_id: 18, supplier_id: 4, tour_id: 18, name: '', photo_ids: [], is_deleted: false };
const tourUse = (photoId: number, name = 'DSF-01'): Row => ({ photo_id: photoId, kind: 'tour', ref_id: 17, name, tour_id: 17, supplier_id: 4 });
const offerUse = (photoId: number, over: Row = {}): Row => ({ photo_id: photoId, kind: 'offer', ref_id: 31, name: 'DSF-01-STD', tour_id: 17, supplier_id: 4, ...over });

const namedTourWithMedia = [tourCreated, tourNamed, tourMedia];
const tourWithOffer = [...namedTourWithMedia, offerCreated, offerDetailed];
const tourSourceWithMedia = (over: Row = {}) => tourSource({ name: 'DSF-01', photo_ids: [101, 102, 103], ...over });
const offerSourceDetailed = (over: Row = {}) => offerSource({ name: 'DSF-01-STD', photo_ids: [102, 104], ...over });
/** Rows ordered by primary key: photo_uses by (photo_id, kind, ref_id), sources by (kind, ref_id). */
const allUsesOfTourWithOffer = [tourUse(101), offerUse(102), tourUse(102), tourUse(103), offerUse(104)];
const tourWithOfferTables: Tables = { photo_use_sources: [offerSourceDetailed(), tourSourceWithMedia()], photo_uses: allUsesOfTourWithOffer };

describe('photo usage projection: tours', () => {
  it('keeps a new tour as a source with no name or photos, using nothing', () =>
    spec.given().when(tourCreated).then({ photo_use_sources: [tourSource()], photo_uses: [] }));

  it('takes the internal name, not the display name', () =>
    spec.given(tourCreated).when(tourNamed).then({ photo_use_sources: [tourSource({ name: 'DSF-01' })], photo_uses: [] }));

  it('counts the hero with the photos, one use per photo under the tour', () =>
    spec.given(tourCreated, tourNamed).when(tourMedia).then({
      photo_use_sources: [tourSourceWithMedia()],
      photo_uses: [tourUse(101), tourUse(102), tourUse(103)],
    }));

  it('counts a hero already among the photos once, and drops the photos no longer shown', () =>
    spec.given(...namedTourWithMedia).when(tourMediaHeroAmongPhotos).then({
      photo_use_sources: [tourSource({ name: 'DSF-01', photo_ids: [102, 105] })],
      photo_uses: [tourUse(102), tourUse(105)],
    }));

  it('keeps the photos of a tour whose media came before its creation and name', () =>
    spec.given(tourMedia).when(tourCreated, tourNamed).then({ photo_use_sources: [tourSourceWithMedia()], photo_uses: [tourUse(101), tourUse(102), tourUse(103)] }));

  it('renames every use of the tour, and only the tour’s', () =>
    spec.given(...tourWithOffer).when(tourRenamed).then({
      photo_use_sources: [offerSourceDetailed(), tourSourceWithMedia({ name: 'DSF-01-NEW' })],
      photo_uses: [tourUse(101, 'DSF-01-NEW'), offerUse(102), tourUse(102, 'DSF-01-NEW'), tourUse(103, 'DSF-01-NEW'), offerUse(104)],
    }));

  it('a late TourCreated changes nothing of a tour already known', () => spec.given(...tourWithOffer).when(tourCreated).then(tourWithOfferTables));

  it('a deleted tour and its offers use nothing, and both come back on restore', async () => {
    await spec.given(...tourWithOffer).when(tourDeleted).then({
      photo_use_sources: [offerSourceDetailed(), tourSourceWithMedia({ is_deleted: true })],
      photo_uses: [],
    });
    await spec.given(...tourWithOffer, tourDeleted).when(tourRestored).then(tourWithOfferTables);
  });

  it('restoring a tour leaves its deleted offer unused', () =>
    spec.given(...tourWithOffer, offerDeleted, tourDeleted).when(tourRestored).then({
      photo_use_sources: [offerSourceDetailed({ is_deleted: true }), tourSourceWithMedia()],
      photo_uses: [tourUse(101), tourUse(102), tourUse(103)],
    }));

  it('deleting one tour leaves the offers of another in use', () =>
    spec.given(...tourWithOffer, otherTourCreated, offerMoved).when(tourDeleted).then({
      photo_use_sources: [offerSource({ tour_id: 18, name: 'DSF-02-VIP', photo_ids: [104] }), tourSourceWithMedia({ is_deleted: true }), otherTourSource],
      photo_uses: [offerUse(104, { tour_id: 18, name: 'DSF-02-VIP' })],
    }));
});

describe('photo usage projection: offers', () => {
  it('keeps a new offer as a source under its tour, using nothing', () =>
    spec.given().when(offerCreated).then({ photo_use_sources: [offerSource()], photo_uses: [] }));

  it('uses the offer’s photos and hero under its own name, belonging to its tour', () =>
    spec.given(...namedTourWithMedia, offerCreated).when(offerDetailed).then(tourWithOfferTables));

  it('follows a move to another tour and a rename, dropping the photos no longer shown', () =>
    spec.given(...tourWithOffer, otherTourCreated).when(offerMoved).then({
      photo_use_sources: [offerSource({ tour_id: 18, name: 'DSF-02-VIP', photo_ids: [104] }), tourSourceWithMedia(), otherTourSource],
      photo_uses: [tourUse(101), tourUse(102), tourUse(103), offerUse(104, { tour_id: 18, name: 'DSF-02-VIP' })],
    }));

  it('an offer detailed while its tour is deleted uses nothing until the tour comes back', async () => {
    const deletedTourWithOffer = [...namedTourWithMedia, tourDeleted, offerCreated];
    await spec.given(...deletedTourWithOffer).when(offerDetailed).then({
      photo_use_sources: [offerSourceDetailed(), tourSourceWithMedia({ is_deleted: true })],
      photo_uses: [],
    });
    await spec.given(...deletedTourWithOffer, offerDetailed).when(tourRestored).then(tourWithOfferTables);
  });

  it('a deleted offer uses nothing and comes back on restore; its tour keeps its uses', async () => {
    await spec.given(...tourWithOffer).when(offerDeleted).then({
      photo_use_sources: [offerSourceDetailed({ is_deleted: true }), tourSourceWithMedia()],
      photo_uses: [tourUse(101), tourUse(102), tourUse(103)],
    });
    await spec.given(...tourWithOffer, offerDeleted).when(offerRestored).then(tourWithOfferTables);
  });

  it('restoring an offer of a deleted tour still uses nothing', () =>
    spec.given(...tourWithOffer, offerDeleted, tourDeleted).when(offerRestored).then({
      photo_use_sources: [offerSourceDetailed(), tourSourceWithMedia({ is_deleted: true })],
      photo_uses: [],
    }));

  it('ignores the deletion of an offer it does not know', () => spec.given().when(offerDeleted).then({ photo_use_sources: [], photo_uses: [] }));
});

describe('photo usage projection: uses recorded outside the catalog', () => {
  it('records a country’s and a widget’s use without a supplier or a tour', () =>
    spec.given().when(countryUse, widgetUse).then({
      photo_use_sources: [],
      photo_uses: [
        { photo_id: 101, kind: 'country', ref_id: 784, name: 'United Arab Emirates', tour_id: null, supplier_id: null },
        { photo_id: 106, kind: 'widget', ref_id: 9, name: 'Home banner', tour_id: null, supplier_id: null },
      ],
    }));

  it('records a tour’s use as belonging to that tour', () =>
    spec.given().when(recordedTourUse).then({
      photo_use_sources: [],
      photo_uses: [{ photo_id: 107, kind: 'tour', ref_id: 23, name: 'Old tour', tour_id: 23, supplier_id: null }],
    }));

  it('takes the new name when the same use is recorded again', () =>
    spec.given(countryUse).when(countryRenamed).then({
      photo_uses: [{ photo_id: 101, kind: 'country', ref_id: 784, name: 'UAE', tour_id: null, supplier_id: null }],
    }));

  it('removes only the use named, not the catalog’s use of the same photo', () =>
    spec.given(...namedTourWithMedia, countryUse, widgetUse).when(countryUseRemoved).then({
      photo_use_sources: [tourSourceWithMedia()],
      photo_uses: [tourUse(101), tourUse(102), tourUse(103), { photo_id: 106, kind: 'widget', ref_id: 9, name: 'Home banner', tour_id: null, supplier_id: null }],
    }));
});

replayingTwice(spec, [
  ['TourCreated', [], tourCreated],
  ['TourBasicDetailsChanged', [tourCreated, tourMedia], tourNamed],
  ['TourMediaChanged', [tourCreated, tourNamed], tourMedia],
  ['TourDeleted', tourWithOffer, tourDeleted],
  ['TourRestored', [...tourWithOffer, tourDeleted], tourRestored],
  ['OfferCreated', [], offerCreated],
  ['OfferDetailsChanged', [...namedTourWithMedia, offerCreated], offerDetailed],
  ['OfferDeleted', tourWithOffer, offerDeleted],
  ['OfferRestored', [...tourWithOffer, offerDeleted], offerRestored],
  ['PhotoUsageRecorded', [], countryUse],
  ['PhotoUsageRemoved', [countryUse, widgetUse], countryUseRemoved],
], { title: 'photo usage projection: replaying the same event twice' });
