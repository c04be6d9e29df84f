import type { Tour, TourOfferSummary } from '../../../app/catalog/tour.types';
import { applyDefaults, hasContent, NO_DEFAULTS, type AccountDefaults } from './account-defaults';
import { blankTourForm, slugFollowsName, slugify, toForm, toPayload, type TourForm } from './tour-form';
import { localPage, moveItem, tripAdvisorIdOf, visibleOffers } from './tour-lists';
import { buildTourSchema, externalLinksInvalid, type TourMessageKey } from './tour-schema';
import { asTourTab, collectErrors, formPathOfServerField, tabOfPath, tabProblems, tabsWithErrors } from './tour-tabs';
import { isVideoUrlAllowed } from '@tbo/catalog/src/tours/tour-rules.pure';

const EN: Record<TourMessageKey, string> = {
  'errors.code': 'Tour code is required',
  'errors.displayName': 'Tour display name is required',
  'errors.url': 'Url is required',
  'errors.language': 'Language is required',
  'errors.categories': 'At least one tour category is required',
  'errors.linkTitle': 'Link title is required',
  'errors.linkUrl': 'Link Url is required',
  'errors.linkUrlInvalid': 'Link Url is not a valid address',
  'errors.links': 'All external links should have specified Title and valid Url',
  'errors.video': 'Video url must be a YouTube or Vimeo link',
  'errors.itineraryName': 'Itinerary name is required',
  'errors.stopName': 'itinerary stop name is required',
};
const schema = buildTourSchema((k) => EN[k]);

/** The messages per path of a failed parse. */
function problems(form: TourForm): Record<string, string> {
  const r = schema.safeParse(form);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const valid = (over: Partial<TourForm> = {}): TourForm => ({
  ...blankTourForm(),
  nameInternal: 'DSF-01',
  nameDisplay: 'Desert Safari',
  url: 'desert-safari',
  languageId: 3,
  toursCategories: [1],
  recommendedFor: [0],
  ...over,
});

const DEFAULTS: AccountDefaults = {
  termsAndConditions: '<p>Default terms</p>',
  faq: '<p>Default FAQ</p>',
  notesToClientsPostBooking: '<p>Bring your passport</p>',
  cancellationPolicy: [{ hours: 48, percents: 100 }],
};

describe('tour form validation (spec 01 §5)', () => {
  it('an empty form has every required message of the Basic tab', () => {
    expect(problems(blankTourForm())).toEqual({
      nameInternal: 'Tour code is required',
      nameDisplay: 'Tour display name is required',
      url: 'Url is required',
      languageId: 'Language is required',
      toursCategories: 'At least one tour category is required',
    });
  });

  it('accepts a filled form; blank text counts as empty', () => {
    expect(problems(valid())).toEqual({});
    expect(problems(valid({ nameInternal: '   ', languageId: 0 }))).toEqual({ nameInternal: 'Tour code is required', languageId: 'Language is required' });
  });

  it('checks each external link and the video url', () => {
    const form = valid({
      externalLinks: [
        { guid: '', id: 0, title: '', url: 'https://ok.test' },
        { guid: '', id: 0, title: 'Map', url: '' },
        { guid: '', id: 0, title: 'Bad', url: 'not a url' },
      ],
      videoUrl: 'https://example.com/video',
    });
    expect(problems(form)).toEqual({
      'externalLinks.0.title': 'Link title is required',
      'externalLinks.1.url': 'Link Url is required',
      'externalLinks.2.url': 'Link Url is not a valid address',
      videoUrl: 'Video url must be a YouTube or Vimeo link',
    });
    expect(externalLinksInvalid(form.externalLinks)).toBe(true);
    expect(externalLinksInvalid([{ title: 'Map', url: 'https://maps.test/x' }])).toBe(false);
  });

  it.each<[string, boolean]>([
    ['', true],
    ['https://www.youtube.com/watch?v=abc', true],
    ['https://youtu.be/abc', true],
    ['https://vimeo.com/123', true],
    ['https://player.vimeo.com/video/1', true],
    ['https://youtube.com.evil.test/x', false],
    ['javascript:alert(1)', false],
  ])('allows YouTube and Vimeo only: %j -> %s', (url, allowed) => {
    expect(isVideoUrlAllowed(url)).toBe(allowed);
  });

  it('itineraries need names, and so do their stops', () => {
    const stop = { index: 1, guid: '', itineraryId: 0, name: '', description: '', time: 0, timeEnd: 0, timeDescription: '', timeEndDescription: '', address: '', lat: null, lng: null };
    expect(problems(valid({ itineraries: [{ guid: '', id: 0, index: 1, tourId: 0, name: ' ', stops: [stop] }] }))).toEqual({
      'itineraries.0.name': 'Itinerary name is required',
      'itineraries.0.stops.0.name': 'itinerary stop name is required',
    });
  });
});

describe('slug (spec 01 §4)', () => {
  it('slugifies like the server', () => {
    expect(slugify('Desert Safari')).toBe('desert-safari');
    expect(slugify('  Crème brûlée — Tour #1! ')).toBe('creme-brulee-tour-1');
    // Cyrillic is transliterated, never dropped (a Russian name used to give an empty slug).
    expect(slugify('Дубай')).toBe('dubay');
    expect(slugify('Пустынное сафари: ужин и шоу')).toBe('pustynnoe-safari-uzhin-i-shou');
    expect(slugFollowsName('pustynnoe-safari', 'Пустынное сафари')).toBe(true);
  });

  it('follows the display name while empty or generated from it', () => {
    expect(slugFollowsName('', 'Desert Safari')).toBe(true);
    expect(slugFollowsName('desert-safari', 'Desert Safari')).toBe(true);
    expect(slugFollowsName('my-own', 'Desert Safari')).toBe(false);
  });
});

describe('account defaults (spec 01 §4)', () => {
  it('a default toggle is forced off when the account has no such content', () => {
    const form = applyDefaults({ ...valid(), isDefaultFaq: true, isDefaultTermsAndConditions: true, isDefaultCancellationPolicy: true, isDefaultNotesToClientsPostBooking: true }, { ...NO_DEFAULTS, faq: '<p><br></p>' });
    expect([form.isDefaultFaq, form.isDefaultTermsAndConditions, form.isDefaultCancellationPolicy, form.isDefaultNotesToClientsPostBooking]).toEqual([false, false, false, false]);
  });

  it('a default toggle that is on shows the account content', () => {
    const form = applyDefaults({ ...valid(), isDefaultFaq: true, isDefaultCancellationPolicy: true, faq: 'old', cancellationPolicy: [{ hours: 1, percents: 1 }] }, DEFAULTS);
    expect(form.faq).toBe('<p>Default FAQ</p>');
    expect(form.cancellationPolicy).toEqual([{ hours: 48, percents: 100 }]);
    expect(form.isDefaultTermsAndConditions).toBe(false);
  });

  it('a new tour starts on every default the account has, and only those (spec 01 §4)', () => {
    const form = toForm(null, { ...DEFAULTS, termsAndConditions: '<p><br></p>' });
    expect([form.isDefaultFaq, form.isDefaultCancellationPolicy, form.isDefaultNotesToClientsPostBooking, form.isDefaultTermsAndConditions]).toEqual([true, true, true, false]);
    expect(form.cancellationPolicy).toEqual([{ hours: 48, percents: 100 }]);
    const all = toForm(null, DEFAULTS);
    expect([all.isDefaultTermsAndConditions, all.isDefaultFaq, all.isDefaultNotesToClientsPostBooking, all.isDefaultCancellationPolicy]).toEqual([true, true, true, true]);
    expect(all.termsAndConditions).toBe('<p>Default terms</p>');
    const none = toForm(null, NO_DEFAULTS);
    expect([none.isDefaultTermsAndConditions, none.isDefaultFaq, none.isDefaultNotesToClientsPostBooking, none.isDefaultCancellationPolicy]).toEqual([false, false, false, false]);
    // A saved tour keeps its own choice.
    expect(toForm({ isDefaultFaq: false }, DEFAULTS).isDefaultFaq).toBe(false);
  });

  it('empty editor content is no content', () => {
    expect(hasContent('<p><br></p>')).toBe(false);
    expect(hasContent('<p>&nbsp;</p>')).toBe(false);
    expect(hasContent('<p>x</p>')).toBe(true);
  });
});

describe('mapping', () => {
  const tour: Partial<Tour> = {
    id: 7,
    nameInternal: 'X',
    nameDisplay: 'Y',
    url: 'y',
    languageId: 2,
    directions: [{ tourId: 7, type: 2, description: '<p>Red line</p>' }],
    faqs: [
      { tourId: 7, index: 1, question: 'Q1', answer: 'A1' },
      { tourId: 7, index: 2, question: 'Q2', answer: 'A2' },
    ],
    isDefaultCancellationPolicy: true,
    cancellationPolicy: [],
  };

  it('the form holds one direction per type and the account policy while on defaults', () => {
    const form = toForm(tour, DEFAULTS);
    expect(form.directions).toEqual([
      { type: 0, description: '' },
      { type: 1, description: '' },
      { type: 2, description: '<p>Red line</p>' },
    ]);
    expect(form.cancellationPolicy).toEqual([{ hours: 48, percents: 100 }]);
    expect(toForm(null).languageId).toBeNull();
  });

  it('the payload: trimmed, directions with text only, FAQ re-indexed, empty policy on defaults, offers empty', () => {
    const form = { ...toForm(tour, DEFAULTS), nameInternal: '  X  ', faqs: moveItem(toForm(tour).faqs, 1, 0) };
    const body = toPayload(form, 7, 4);
    expect(body).toMatchObject({ id: 7, version: 4, offers: [], nameInternal: 'X', languageId: 2, cancellationPolicy: [], isDefaultCancellationPolicy: true });
    expect(body.directions).toEqual([{ tourId: 7, type: 2, description: '<p>Red line</p>' }]);
    expect(body.faqs.map((f) => [f.index, f.question])).toEqual([
      [1, 'Q2'],
      [2, 'Q1'],
    ]);
    expect(toPayload({ ...form, isDefaultCancellationPolicy: false }, 7, 4).cancellationPolicy).toEqual([{ hours: 48, percents: 100 }]);
    expect(toPayload(blankTourForm(), 0, null).languageId).toBe(0);
  });
});

describe('tabs and errors', () => {
  it.each([
    ['externalLinks.0.title', 'basic'],
    ['notesToClientsPostBooking', 'basic'],
    ['googlePlacesId', 'location'],
    ['cancellationPolicy', 'terms'],
    ['itineraries.1.stops.0.name', 'itinerary'],
    ['faqs.0.question', 'faq'],
    ['seoPageTitle', 'seo'],
  ])('knows the tab of each field: %s is on %s', (path, tab) => {
    expect(tabOfPath(path)).toBe(tab);
  });

  it('reads the tab from the address', () => {
    expect(asTourTab('HISTORY')).toBe('history');
    expect(asTourTab('nope')).toBeNull();
  });

  it('collects nested react-hook-form errors and lists the Basic problems', () => {
    const errors = {
      nameInternal: { type: 'custom', message: 'Tour code is required', ref: {} },
      externalLinks: [undefined, { title: { type: 'custom', message: 'Link title is required' } }],
      itineraries: [{ name: { type: 'custom', message: 'Itinerary name is required' } }],
    };
    const list = collectErrors(errors);
    expect(list).toEqual([
      { path: 'nameInternal', message: 'Tour code is required' },
      { path: 'externalLinks.1.title', message: 'Link title is required' },
      { path: 'itineraries.0.name', message: 'Itinerary name is required' },
    ]);
    expect(tabProblems(list, 'basic', EN['errors.links'])).toEqual(['Tour code is required', 'Link title is required', 'All external links should have specified Title and valid Url']);
    expect([...tabsWithErrors(list)].sort()).toEqual(['basic', 'itinerary']);
  });

  it('maps the server field errors onto the form', () => {
    const form = { ...valid(), externalLinks: [{ guid: '', id: 0, title: '', url: '' }] };
    expect(formPathOfServerField('NameInternal', form)).toBe('nameInternal');
    expect(formPathOfServerField('externalLinks[0].Title', form)).toBe('externalLinks.0.title');
    expect(formPathOfServerField('cancellationPolicy[0].hours', form)).toBe('cancellationPolicy');
    expect(formPathOfServerField('itineraries.3.name', form)).toBe('itineraries');
    expect(formPathOfServerField('nothing', form)).toBeNull();
  });
});

describe('lists, place ids, tickets', () => {
  it('moves items', () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 2, 5)).toEqual([1, 2, 3]);
  });

  it('takes the TripAdvisor id from a pasted URL', () => {
    expect(tripAdvisorIdOf('https://www.tripadvisor.com/Attraction_Review-g295424-d676922-Reviews-Burj_Khalifa-Dubai.html')).toBe('676922');
    expect(tripAdvisorIdOf('676922')).toBe('676922');
    expect(tripAdvisorIdOf('hello')).toBeNull();
  });

  it('shows deleted offers only on request and pages them sorted', () => {
    const offer = (id: number, name: string, isDeleted = false): TourOfferSummary => ({ id, tourId: 1, nameInternal: name, nameDisplay: name, isDeleted, bookingType: 1, pricePerAdultRecUsd: null, pricePerChildRecUsd: null, pricePerTripRecUsd: null, periodEnd: null });
    const offers = [offer(1, 'b'), offer(2, 'a', true), offer(3, 'c')];
    expect(visibleOffers(offers, false).map((o) => o.id)).toEqual([1, 3]);
    expect(visibleOffers(offers, true).map((o) => o.id)).toEqual([1, 2, 3]);
    const page = localPage(offers, { page: 1, sortField: 'nameInternal', sortType: 'DESC' }, 2);
    expect(page.entities.map((o) => o.id)).toEqual([3, 1]);
    expect(page.pagingInfo).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 2, nextPage: 2, from: 1, to: 2 });
  });
});
