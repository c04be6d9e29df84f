import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
import { SEAT_MESSAGES } from '@tbo/scheduling/src/pure/seat-messages.pure';
import { expectSameKeysNoneEmpty, loadLocale, localeText, type LocaleFile } from '../../test-support/locale-files.testing';
import { ERROR_TITLES, knownServerMessage, STALE_ITEM, translateServerContent, translateServerMessage, type Translate } from './server-messages';

/** The namespace's text in one language with its values filled in, as i18next would (no i18next here: it needs Vite's glob). */
const translator =
  (file: LocaleFile): Translate =>
  (key, values) => {
    const text = localeText(file, key);
    return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '') : null;
  };
const en = translator(loadLocale('en', 'server-messages'));
const ru = translator(loadLocale('ru', 'server-messages'));

/** Every text the booking rules and the seats can refuse with; the parameterised ones with sample values. */
const samples = (messages: Record<string, string | ((n: number) => string)>): [string, string][] =>
  Object.entries(messages).flatMap(([name, m]) => (typeof m === 'string' ? [[name, m] as [string, string]] : [0, 1, 3, 24].map((n) => [`${name}(${n})`, m(n)] as [string, string])));
const SERVER_TEXTS = [...samples(BOOKING_MESSAGES), ...samples(SEAT_MESSAGES), ['stale', STALE_ITEM] as [string, string], ...Object.entries(ERROR_TITLES)];

const serverFile = (path: string) => readFileSync(join(__dirname, '..', '..', '..', '..', path), 'utf8');

describe('server-messages.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('server-messages');
  });
});

describe('translateServerMessage', () => {
  it.each(SERVER_TEXTS)('knows %s: en words it as the server does, ru has its own words', (_name, text) => {
    expect(knownServerMessage(text)).not.toBeNull();
    expect(translateServerMessage(text, en)).toBe(text);
    expect(translateServerMessage(text, ru)).not.toBe(text);
  });

  it('carries the values of a parameterised message into the Russian text', () => {
    expect(translateServerMessage(SEAT_MESSAGES.seatsLeft(3), ru)).toBe('Свободных мест осталось: 3');
    expect(translateServerMessage(SEAT_MESSAGES.seatsLeft(0), ru)).toBe('Мест нет');
    expect(translateServerMessage(BOOKING_MESSAGES.minimumAdvance(24), ru)).toBe('Бронирование закрывается за 24 ч до начала');
    expect(translateServerMessage(BOOKING_MESSAGES.minPeople(2), ru)).toContain('2');
  });

  it('keeps an unknown message as the API words it, and the unknown parts of a joined one', () => {
    expect(translateServerMessage('Something new went wrong', ru)).toBe('Something new went wrong');
    expect(translateServerMessage('Only a few places left', ru)).toBe('Only a few places left');
    expect(translateServerMessage(`adults: ${BOOKING_MESSAGES.adults}; hotelId: Hotel not found`, ru)).toBe('adults: Нужен хотя бы один взрослый; hotelId: Hotel not found');
    expect(translateServerMessage('a: one; b: two', ru)).toBe('a: one; b: two');
  });

  it("keeps a key without text as the API's words (a message added on the server before its translation)", () => {
    expect(translateServerMessage(BOOKING_MESSAGES.date, () => null)).toBe(BOOKING_MESSAGES.date);
  });

  it('translates the field messages of a refusal and leaves other content alone', () => {
    const content = { errors: { date: [BOOKING_MESSAGES.minimumAdvance(12)], hotelId: 'Hotel not found' }, version: 3 };
    expect(translateServerContent(content, ru)).toEqual({ errors: { date: ['Бронирование закрывается за 12 ч до начала'], hotelId: 'Hotel not found' }, version: 3 });
    expect(translateServerContent({ Errors: { adults: [SEAT_MESSAGES.seatsLeft(1)] } }, ru)).toEqual({ Errors: { adults: ['Осталось всего 1 место'] } });
    expect(translateServerContent(null, ru)).toBeNull();
    expect(translateServerContent([1, 2], ru)).toEqual([1, 2]);
  });
});

describe('the copies of server texts the client may not import', () => {
  it('words the stale-version conflict as the kernel and the streams do', () => {
    for (const file of ['modules/kernel/src/http/envelope.filter.ts', 'modules/booking/src/bookings/booking-stream.ts', 'modules/scheduling/src/time-slots/time-slot-group.ts']) {
      expect(serverFile(file)).toContain(`'${STALE_ITEM}'`);
    }
  });

  it("has every title of the kernel's envelope", () => {
    const envelope = serverFile('modules/kernel/src/http/envelope.ts');
    const statusTitles = [...envelope.matchAll(/^\s+\d{3}: '([^']+)',$/gm)].map((m) => m[1]);
    expect(statusTitles.length).toBeGreaterThan(5);
    expect(Object.values(ERROR_TITLES)).toEqual(expect.arrayContaining(statusTitles));
    expect(serverFile('modules/kernel/src/errors/app-error.ts')).toContain(`'${ERROR_TITLES.validation}'`);
  });
});
