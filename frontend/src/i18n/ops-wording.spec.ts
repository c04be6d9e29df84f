import { loadLocale, localeText as at } from '../test-support/locale-files.testing';

/** The operator, accounts and arrivals screens' words: one word for a thing, and headings that wrap cleanly. */

const text = (lang: string, ns: string, key: string) => String(at(loadLocale(lang, ns), key));

describe('ops screens wording', () => {
  it('calls free-of-charge guests the same in the booking panel, check-in and the lists (ru)', () => {
    const word = text('ru', 'booking-details', 'form.foc');
    expect(text('ru', 'bookings-list', 'sums.foc')).toBe(word);
    expect(text('ru', 'reports', 'columns.foc')).toBe(word);
    expect(text('ru', 'booking-details', 'people')).toContain(`${word.toLowerCase()} {{foc}}`);
    expect(text('ru', 'checkin', 'counts')).toContain(`${word} {{foc}}`);
  });

  it("says where a booking's commission came from as a sentence", () => {
    const reads = (lang: string, source: string) => `${text(lang, 'booking-details', 'history.fields.prices.commissionSource')}: ${text(lang, 'booking-details', `history.words.${source}`)}`;
    expect([reads('en', 'period'), reads('en', 'contract')]).toEqual(["Commission set by: the ticket's price period", "Commission set by: the agency's contract"]);
    expect([reads('ru', 'period'), reads('ru', 'contract')]).toEqual(['Комиссия задана: ценовым периодом билета', 'Комиссия задана: договором с агентством']);
  });

  it('never leaves a one-letter Russian word at the end of a column head’s line', () => {
    const heads = [
      ...Object.values(loadLocale('ru', 'bookings-list').columns as Record<string, string>),
      ...Object.values(loadLocale('ru', 'arrivals').columns as Record<string, string>),
      ...Object.values(loadLocale('ru', 'manifests').columns as Record<string, string>),
    ];
    expect(heads.filter((h) => /(^|\s)[абвжикосуя] /i.test(h))).toEqual([]);
  });
});
