import type { HistoryEntry, Tour, TourOfferSummary } from '../api/tour.types';
import {
  applyDefaults,
  asTourTab,
  blankTourForm,
  buildTourSchema,
  collectErrors,
  externalLinksInvalid,
  formatHistoryValue,
  formPathOfServerField,
  hasContent,
  historyNewestFirst,
  isVideoUrlAllowed,
  localPage,
  moveItem,
  NO_DEFAULTS,
  plainText,
  visibleChanges,
  slugFollowsName,
  slugify,
  tabOfPath,
  tabProblems,
  tabsWithErrors,
  toForm,
  toPayload,
  tripAdvisorIdOf,
  visibleOffers,
  type AccountDefaults,
  type TourForm,
  type TourMessageKey,
} from './tour-form';

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

  it('allows YouTube and Vimeo only', () => {
    expect(isVideoUrlAllowed('')).toBe(true);
    expect(isVideoUrlAllowed('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isVideoUrlAllowed('https://youtu.be/abc')).toBe(true);
    expect(isVideoUrlAllowed('https://vimeo.com/123')).toBe(true);
    expect(isVideoUrlAllowed('https://player.vimeo.com/video/1')).toBe(true);
    expect(isVideoUrlAllowed('https://youtube.com.evil.test/x')).toBe(false);
    expect(isVideoUrlAllowed('javascript:alert(1)')).toBe(false);
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
    expect(slugify('Дубай')).toBe('');
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
  it('knows the tab of each field', () => {
    expect(tabOfPath('externalLinks.0.title')).toBe('basic');
    expect(tabOfPath('notesToClientsPostBooking')).toBe('basic');
    expect(tabOfPath('googlePlacesId')).toBe('location');
    expect(tabOfPath('cancellationPolicy')).toBe('terms');
    expect(tabOfPath('itineraries.1.stops.0.name')).toBe('itinerary');
    expect(tabOfPath('faqs.0.question')).toBe('faq');
    expect(tabOfPath('seoPageTitle')).toBe('seo');
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

describe('lists, place ids, tickets, history', () => {
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

  it('formats history values: rich text as plain text, long ones truncated', () => {
    expect(formatHistoryValue(null)).toBe('');
    expect(formatHistoryValue(true)).toBe('true');
    expect(formatHistoryValue([1, 2])).toBe('[1,2]');
    expect(formatHistoryValue('<p>Hello <b>world</b></p><p>again &amp; again</p>')).toBe('Hello world again & again');
    const long = formatHistoryValue(`<p>${'x'.repeat(500)}</p>`, 50);
    expect(long).toHaveLength(50);
    expect(long.endsWith('…')).toBe(true);
    expect(plainText('a<br>b')).toBe('a b');
  });

  it('lists history newest first, skipping entries without changes', () => {
    const e = (position: string, event: string, changes: HistoryEntry['changes']): HistoryEntry => ({ position, at: '2026-01-01T00:00:00Z', by: 'u1', event, changes });
    const list = historyNewestFirst([e('1', 'TourCreated', []), e('2', 'TourBasicDetailsChanged', [{ field: 'nameInternal', before: null, after: 'X' }]), e('3', 'TourSeoChanged', [])]);
    expect(list.map((x) => x.position)).toEqual(['2', '1']);
  });

  it('leaves out changes that read the same', () => {
    const changes = [
      { field: 'seo', before: null, after: '' },
      { field: 'nameInternal', before: 'A', after: 'B' },
      { field: 'faq', before: '<p>x</p>', after: '<p>x </p>' },
    ];
    expect(visibleChanges(changes).map((c) => c.field)).toEqual(['nameInternal']);
    expect(visibleChanges(changes, () => 'same')).toEqual([]);
  });
});
