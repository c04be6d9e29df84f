import i18next from 'i18next';
import type { NewBookingOffer } from './api/new-booking.schema';
import { ageHintTexts } from './booking-form.logic';
import { loadLocale } from '../../test-support/locale-files.testing';

/** The counters' age hints and people limits through i18next and the real locale files, as the page shows them. */
const NS = 'agent-booking-add';
const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { [NS]: loadLocale('en', NS) }, ru: { [NS]: loadLocale('ru', NS) } },
  lng: 'en',
  fallbackLng: 'en',
  ns: [NS],
  defaultNS: NS,
  interpolation: { escapeValue: false },
  initAsync: false,
});
const offer = (childAge: number, infantAge: number) => ({ childAge, infantAge }) as NewBookingOffer;
const hints = (lang: 'en' | 'ru', o: NewBookingOffer | null) => {
  const t = i18n.getFixedT(lang, NS);
  const texts = ageHintTexts(o);
  return { adults: t(...texts.adults), children: t(...texts.children), infants: t(...texts.infants) };
};

describe('the age hints of the guest counters', () => {
  it('agree in Russian with the last number of the range', () => {
    expect(hints('ru', null)).toEqual({ adults: 'от 12 лет', children: '3–12 лет', infants: '0–2 года' });
    expect(hints('ru', offer(11, 3))).toEqual({ adults: 'от 11 лет', children: '3–11 лет', infants: '0–3 года' });
    expect(hints('ru', offer(21, 1))).toEqual({ adults: 'от 21 года', children: '3–21 год', infants: '0–1 год' });
    expect(hints('ru', offer(14, 4))).toEqual({ adults: 'от 14 лет', children: '3–14 лет', infants: '0–4 года' });
  });

  it('read as English ages, one year in the singular', () => {
    expect(hints('en', null)).toEqual({ adults: '12+ years', children: '3–12 years', infants: '0–2 years' });
    expect(hints('en', offer(11, 1))).toEqual({ adults: '11+ years', children: '3–11 years', infants: '0–1 year' });
  });
});

describe("the ticket's people limits", () => {
  it('agree with their number in both languages', () => {
    const en = i18n.getFixedT('en', NS);
    const ru = i18n.getFixedT('ru', NS);
    expect(en('ticket.maxPeople', { count: 6 })).toBe('At most 6 people can book this ticket');
    expect(en('ticket.maxPeople', { count: 1 })).toBe('At most 1 person can book this ticket');
    expect(ru('ticket.maxPeople', { count: 2 })).toBe('Этот билет можно забронировать не больше чем на 2 человека');
    expect(ru('ticket.maxPeople', { count: 6 })).toBe('Этот билет можно забронировать не больше чем на 6 человек');
    expect(ru('ticket.minPeople', { count: 21 })).toBe('Для этого билета нужно не меньше 21 человека');
    expect(ru('ticket.minPeople', { count: 4 })).toBe('Для этого билета нужно не меньше 4 человек');
    expect(en('ticket.bookingClosed', { count: 1 })).toBe('Booking closed 1 hour before the start');
    expect(ru('ticket.bookingClosed', { count: 24 })).toBe('Бронирование закрылось за 24 ч до начала');
  });
});
