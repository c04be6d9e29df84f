import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { offersProjection } from './offers.projection';

const spec = projectionSpec(offersProjection);

const OFFER = { id: 31, supplierId: 4 };
const offer = eventStream('offer-31');

/** Only the USD recommended prices reach the row; the other twenty-one keep their sample values, unlike these. */
const priced = (id: number, periodEnd: string, usd: { adult: number | null; child: number | null; trip: number | null }) => ({
  ...exampleOf('ValidPeriodPriced'),
  id,
  offerId: OFFER.id,
  periodStart: '2026-11-01T08:00:00.000Z',
  periodEnd,
  pricePerAdultRecUsd: usd.adult,
  pricePerChildRecUsd: usd.child,
  pricePerTripRecUsd: usd.trip,
});

// One stream in order: revisions 0..8.
const created = offer.event('OfferCreated', { ...OFFER, tourId: 17 });
const details = offer.event('OfferDetailsChanged', {
  ...exampleOf('OfferDetailsChanged'),
  ...OFFER,
  tourId: 18,
  nameInternal: 'DSF-01-STD',
  nameDisplay: 'Desert Safari — Standard',
  bookingType: 2,
});
const policy = offer.event('OfferCancellationPolicyChanged', { ...OFFER, isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }] });
const terms = offer.event('OfferValidPeriodTermsSet', { ...OFFER, validPeriodId: 5, minimumAdvancedPayment: 30 });
const winter = offer.event('ValidPeriodPriced', priced(5, '2026-12-22T08:00:00.000Z', { adult: 95.5, child: 47.25, trip: 310 }));
const spring = offer.event('ValidPeriodPriced', priced(6, '2027-04-30T08:00:00.000Z', { adult: 120, child: 60.5, trip: null }));
const winterExtended = offer.event('ValidPeriodPriced', priced(5, '2027-06-30T08:00:00.000Z', { adult: 99, child: null, trip: 330 }));
const deleted = offer.event('OfferDeleted', OFFER);
const restored = offer.event('OfferRestored', OFFER);

const offerRow = (over: Row = {}): Row => ({
  id: 31,
  supplier_id: 4,
  tour_id: 17,
  name_internal: '',
  name_display: '',
  booking_type: 1,
  is_deleted: false,
  details: null,
  cancellation_policy: null,
  valid_periods: [],
  priced_until: null,
  version: 0,
  ...over,
});
/** The details as the editor reads them back: every field of the event but the offer's key. */
const { id: _id, supplierId: _supplierId, ...detailsColumn } = details.data as Row;
const detailed = { tour_id: 18, name_internal: 'DSF-01-STD', name_display: 'Desert Safari — Standard', booking_type: 2, details: detailsColumn };
const policyColumn = { isOverrideTourCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }] };
/** A period is kept whole, with its advance payment (0 until its terms are set). */
const kept = (event: typeof winter, minimumAdvancedPayment = 0) => ({ ...(event.data as Row), minimumAdvancedPayment });
const winterSummary = kept(winter);
const springSummary = kept(spring);

describe('offers projection', () => {
  it('creates a bare offer row with the defaults and the stream revision', () => spec.given().when(created).then({ offers: [offerRow()] }));

  it('states the details: tour, names and booking type', () =>
    spec.given(created).when(details).then({ offers: [offerRow({ ...detailed, version: 1 })] }));

  it('creates the row from the details alone when they come first', () =>
    spec.given().when(details).then({ offers: [offerRow({ ...detailed, version: 1 })] }));

  it('keeps the cancellation policy whole', () =>
    spec.given(created, details).when(policy).then({ offers: [offerRow({ ...detailed, cancellation_policy: policyColumn, version: 2 })] }));

  it("sets a period's advance payment, and a re-pricing keeps it", async () => {
    await spec.given(created, winter).when(terms).then({ offers: [offerRow({ valid_periods: [kept(winter, 30)], priced_until: new Date('2026-12-22T08:00:00.000Z'), version: 3 })] });
    await spec.given(created, winter, terms).when(winterExtended).then({ offers: [offerRow({ valid_periods: [kept(winterExtended, 30)], priced_until: new Date('2027-06-30T08:00:00.000Z'), version: 6 })] });
  });

  it('moves only the version on the terms of a period it does not hold', () =>
    spec.given(created, details, policy).when(terms).then({ offers: [offerRow({ ...detailed, cancellation_policy: policyColumn, version: 3 })] }));

  it('keeps a priced period whole, and how long the offer is priced', () =>
    spec.given(created, details).when(winter).then({ offers: [offerRow({ ...detailed, valid_periods: [winterSummary], priced_until: new Date('2026-12-22T08:00:00.000Z'), version: 4 })] }));

  it('appends a new period, a re-priced period replaces its old self in place, and priced_until is the last end', async () => {
    await spec.given(created, winter).when(spring).then({ offers: [offerRow({ valid_periods: [winterSummary, springSummary], priced_until: new Date('2027-04-30T08:00:00.000Z'), version: 5 })] });
    await spec.given(created, winter, spring).when(winterExtended).then({
      offers: [offerRow({ valid_periods: [kept(winterExtended), springSummary], priced_until: new Date('2027-06-30T08:00:00.000Z'), version: 6 })],
    });
  });

  it('ignores a period of an offer it does not know', () => spec.given().when(winter).then({ offers: [] }));

  it('marks the offer deleted and restored', async () => {
    await spec.given(created, details).when(deleted).then({ offers: [offerRow({ ...detailed, is_deleted: true, version: 7 })] });
    await spec.given(created, details, deleted).when(restored).then({ offers: [offerRow({ ...detailed, is_deleted: false, version: 8 })] });
  });

  replayingTwice(spec, [
    ['OfferCreated', [], created],
    ['OfferDetailsChanged', [created], details],
    ['OfferCancellationPolicyChanged', [created, details], policy],
    ['OfferValidPeriodTermsSet', [created, details, winter], terms],
    ['ValidPeriodPriced', [created, details, winter], spring],
    ['OfferDeleted', [created, details], deleted],
    ['OfferRestored', [created, details, deleted], restored],
  ]);
});
