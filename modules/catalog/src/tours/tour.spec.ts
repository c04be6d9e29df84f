import { NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { TourEvent } from '@tbo/event-schemas';
import { blankTourFields, slugify, TOUR_MESSAGES, TOUR_NOT_FOUND, tourDecider, tourFrom, type TourFields } from './tour';
import { tourHistory } from './tour-history';

const fields = (over: Partial<TourFields> = {}): TourFields => ({
  ...blankTourFields(),
  nameInternal: 'DSF-01',
  nameDisplay: 'Desert Safari',
  url: 'desert-safari',
  languageId: 1,
  toursCategories: [2],
  ...over,
});
const save = (over: Partial<TourFields> = {}, isNew = true, supplierId = 5) => ({ type: 'SaveTour' as const, id: 9, supplierId, isNew, tour: fields(over) });
const created = (over: Partial<TourFields> = {}) => tourDecider.decide(save(over), tourDecider.initialState);

describe('tour decider', () => {
  it('creates a tour with one event per section', () => {
    const events = created();
    expect(events.map((e) => e.type)).toEqual([
      'TourCreated',
      'TourBasicDetailsChanged',
      'TourLocationChanged',
      'TourTermsChanged',
      'TourMediaChanged',
      'TourItinerariesChanged',
      'TourSeoChanged',
    ]);
    expect(events[0]).toEqual({ type: 'TourCreated', data: { id: 9, supplierId: 5 } });
  });

  it('states only the section that changed', () => {
    given(tourDecider, created())
      .when(save({ seoPageTitle: 'Desert safari in Dubai' }, false))
      .then([{ type: 'TourSeoChanged', data: { id: 9, supplierId: 5, seo: '', seoPageTitle: 'Desert safari in Dubai', seoPageDescription: '' } }]);
    given(tourDecider, created()).when(save({}, false)).then([]);
  });

  it("answers another supplier's or an unknown tour as not found", () => {
    given(tourDecider, created()).when(save({}, false, 6)).thenThrows(NotFoundError);
    given(tourDecider, created()).when(save({}, false, 6)).thenThrows(TOUR_NOT_FOUND);
    given(tourDecider).when(save({}, false)).thenThrows(TOUR_NOT_FOUND);
    given(tourDecider).when({ type: 'DeleteTour', id: 9, supplierId: 5 }).thenThrows(TOUR_NOT_FOUND);
  });

  it.each([
    [{ nameInternal: ' ' }, TOUR_MESSAGES.code],
    [{ nameDisplay: '', url: '' }, TOUR_MESSAGES.displayName],
    [{ languageId: 0 }, TOUR_MESSAGES.language],
    [{ toursCategories: [] }, TOUR_MESSAGES.categories],
    [{ videoUrl: 'https://example.com/v.mp4' }, TOUR_MESSAGES.video],
    [{ externalLinks: [{ guid: 'a', id: 0, title: '', url: 'https://x.test' }] }, TOUR_MESSAGES.links],
    [{ itineraries: [{ guid: 'i', id: 0, index: 1, tourId: 9, name: '', stops: [] }] }, TOUR_MESSAGES.itineraryName],
    [{ itineraries: [{ guid: 'i', id: 0, index: 1, tourId: 9, name: 'Day', stops: [{ ...stop(), name: ' ' }] }] }, TOUR_MESSAGES.stopName],
    [{ externalLinks: [{ guid: 'a', id: 0, title: 'Map', url: '' }] }, TOUR_MESSAGES.links],
    [{ externalLinks: [{ guid: 'a', id: 0, title: 'Map', url: 'not a url' }] }, TOUR_MESSAGES.links],
    [{ nameDisplay: '!!!', url: '' }, TOUR_MESSAGES.url],
  ] as [Partial<TourFields>, string][])('refuses %j with "%s"', (over, message) => {
    given(tourDecider).when(save(over)).thenThrows(ValidationError);
    given(tourDecider).when(save(over)).thenThrows(message);
  });

  it('names each broken field', () => {
    let details: Record<string, string[]> | undefined;
    try {
      created({
        nameInternal: '',
        url: '',
        nameDisplay: '',
        externalLinks: [{ guid: 'a', id: 0, title: '', url: '' }],
        itineraries: [{ guid: 'i', id: 0, index: 1, tourId: 9, name: 'Day', stops: [{ ...stop(), name: '' }] }],
      });
    } catch (e) {
      details = (e as ValidationError).details;
    }
    expect(details).toMatchObject({
      nameInternal: [TOUR_MESSAGES.code],
      nameDisplay: [TOUR_MESSAGES.displayName],
      url: [TOUR_MESSAGES.url],
      'externalLinks.0.title': [TOUR_MESSAGES.linkTitle],
      'externalLinks.0.url': [TOUR_MESSAGES.linkUrl],
      externalLinks: [TOUR_MESSAGES.links],
      'itineraries.0.stops.0.name': [TOUR_MESSAGES.stopName],
    });
  });

  it('derives the slug only when it is empty, and accepts the one given', () => {
    const basic = (e: TourEvent[]) => e.find((x) => x.type === 'TourBasicDetailsChanged')!.data as { url: string };
    expect(basic(created({ url: '' })).url).toBe('desert-safari');
    expect(basic(created({ url: 'my-own' })).url).toBe('my-own');
    expect(slugify('  Burj Khalifa: At the Top! ')).toBe('burj-khalifa-at-the-top');
    // Russian display names: transliterated before anything is stripped (й, ё and щ included), never an empty slug.
    expect(slugify('Пустынное сафари')).toBe('pustynnoe-safari');
    expect(slugify('Ночной Дубай — Бурдж-Халифа, ёлка и щука')).toBe('nochnoy-dubay-burdzh-khalifa-elka-i-shchuka');
    expect(basic(created({ url: '', nameDisplay: 'Морская прогулка' })).url).toBe('morskaya-progulka');
  });

  it('re-indexes stops from 1 and describes their times as HH:MM', () => {
    const events = created({
      itineraries: [{ guid: 'i', id: 0, index: 7, tourId: 0, name: 'Evening', stops: [{ ...stop(), index: 4, time: 905, timeEnd: 1439 }, { ...stop(), index: 9 }] }],
    });
    const it0 = tourFrom(given(tourDecider).when(save()).events().concat(events).reduce(tourDecider.evolve, tourDecider.initialState)).itineraries[0]!;
    expect(it0.index).toBe(1);
    expect(it0.stops.map((s) => s.index)).toEqual([1, 2]);
    expect(it0.stops[0]).toMatchObject({ timeDescription: '15:05', timeEndDescription: '23:59' });
  });

  it('sends an empty cancellation policy when defaults are chosen and refuses 0 rows', () => {
    const terms = (e: TourEvent[]) => e.find((x) => x.type === 'TourTermsChanged')!.data as { cancellationPolicy: unknown[] };
    expect(terms(created({ isDefaultCancellationPolicy: true, cancellationPolicy: [{ hours: 24, percents: 50 }] })).cancellationPolicy).toEqual([]);
    expect(terms(created({ cancellationPolicy: [{ hours: 24, percents: 50 }, { hours: 48, percents: 100 }] })).cancellationPolicy).toEqual([
      { hours: 48, percents: 100 },
      { hours: 24, percents: 50 },
    ]);
    expect(() => created({ cancellationPolicy: [{ hours: 0, percents: 50 }] })).toThrow(ValidationError);
  });

  it('names the link field that is missing', () => {
    const details = (over: Partial<TourFields>) => {
      try {
        created(over);
      } catch (e) {
        return (e as ValidationError).details;
      }
      return undefined;
    };
    expect(details({ externalLinks: [{ guid: 'a', id: 0, title: '', url: 'https://x.test' }] })).toEqual({
      'externalLinks.0.title': [TOUR_MESSAGES.linkTitle],
      externalLinks: [TOUR_MESSAGES.links],
    });
    expect(details({ externalLinks: [{ guid: 'a', id: 0, title: 'Map', url: '' }] })).toEqual({
      'externalLinks.0.url': [TOUR_MESSAGES.linkUrl],
      externalLinks: [TOUR_MESSAGES.links],
    });
    expect(details({ videoUrl: 'https://vimeo.com/123' })).toBeUndefined();
    expect(details({ videoUrl: 'https://youtu.be/abc' })).toBeUndefined();
  });

  describe('default toggles (spec 01 §4)', () => {
    const all = { termsAndConditions: true, faq: true, notesToClientsPostBooking: true, cancellationPolicy: true };
    const allOn = {
      isDefaultTermsAndConditions: true,
      isDefaultFaq: true,
      isDefaultNotesToClientsPostBooking: true,
      isDefaultCancellationPolicy: true,
      cancellationPolicy: [{ hours: 24, percents: 50 }],
    };
    const terms = (available: typeof all | undefined) =>
      tourDecider.decide({ ...save(allOn), defaultsAvailable: available }, tourDecider.initialState).find((e) => e.type === 'TourTermsChanged')!.data;

    it('keeps each toggle the account has content for, and the policy of a default tour is empty', () => {
      expect(terms(all)).toMatchObject({ ...allOn, cancellationPolicy: [] });
    });

    const FLAGS = {
      termsAndConditions: 'isDefaultTermsAndConditions',
      faq: 'isDefaultFaq',
      notesToClientsPostBooking: 'isDefaultNotesToClientsPostBooking',
      cancellationPolicy: 'isDefaultCancellationPolicy',
    } as const;

    it.each(Object.keys(FLAGS) as (keyof typeof FLAGS)[])('forces the %s toggle off when the account has none, and only that one', (kind) => {
      const data = terms({ ...all, [kind]: false }) as unknown as Record<string, unknown>;
      for (const [k, flag] of Object.entries(FLAGS)) expect(data[flag]).toBe(k !== kind);
      // A custom policy is kept when the default one is missing.
      if (kind === 'cancellationPolicy') expect(data.cancellationPolicy).toEqual([{ hours: 24, percents: 50 }]);
    });

    it('keeps the toggles as sent when the account was not asked', () => {
      expect(terms(undefined)).toMatchObject({ isDefaultTermsAndConditions: true, isDefaultCancellationPolicy: true });
    });
  });

  it('deletes and restores, once each', () => {
    const key = { id: 9, supplierId: 5 };
    given(tourDecider, created()).when({ type: 'DeleteTour', ...key }).then([{ type: 'TourDeleted', data: key }]);
    given(tourDecider, [...created(), { type: 'TourDeleted', data: key }]).when({ type: 'DeleteTour', ...key }).then([]);
    given(tourDecider, [...created(), { type: 'TourDeleted', data: key }]).when({ type: 'RestoreTour', ...key }).then([{ type: 'TourRestored', data: key }]);
    given(tourDecider, created()).when({ type: 'RestoreTour', ...key }).then([]);
  });

  it('history folds the events pairwise into field changes', () => {
    const events = [...created(), ...given(tourDecider, created()).when(save({ nameDisplay: 'Red Dunes' }, false)).events()];
    const recorded = events.map((e, i) => ({ ...e, position: String(i + 1), revision: i, metadata: { occurredAt: '2026-01-01T00:00:00Z', userId: 'u1' } }));
    const history = tourHistory(recorded as never);
    expect(history.at(-1)).toMatchObject({ event: 'TourBasicDetailsChanged', by: 'u1', changes: [{ field: 'nameDisplay', before: 'Desert Safari', after: 'Red Dunes' }] });
  });
});

function stop() {
  return { index: 1, guid: 's', itineraryId: 0, name: 'Pickup', description: '', time: 0, timeEnd: 0, timeDescription: '', timeEndDescription: '', address: '', lat: null, lng: null };
}
