import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT_MESSAGES } from '@tbo/booking/src/contracts/contract-rules.pure';
import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
import { EXTERNAL_PROVIDER_MESSAGES } from '@tbo/connectivity/src/providers/external-provider-rules.pure';
import { PROVIDER_ADDRESS_MESSAGE } from '@tbo/connectivity/src/providers/provider-address.pure';
import { RESELLER_KEY_MESSAGES } from '@tbo/connectivity/src/resellers/reseller-key-rules.pure';
import { SEAT_MESSAGES } from '@tbo/scheduling/src/pure/seat-messages.pure';
import { TIME_SLOT_LIMITS, TIME_SLOT_MESSAGES } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { expectSameKeysNoneEmpty, loadLocale, localeText, type LocaleFile } from '../../test-support/locale-files.testing';
import { ARRIVAL_FIELD_LABELS, CODES_MORE, COPIED_MESSAGES, DOCUMENT_KIND_NAMES, type Message, type Messages, type ValueKind } from './server-message-copies';
import { ERROR_TITLES, knownServerMessage, MESSAGE_GROUPS, STALE_ITEM, translateServerContent, translateServerMessage, type Translate } from './server-messages';

/** The namespace's text in one language with its values filled in, as i18next would (no i18next here: it needs Vite's glob). */
const translator =
  (file: LocaleFile): Translate =>
  (key, values) => {
    const text = localeText(file, key);
    return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '') : null;
  };
const en = translator(loadLocale('en', 'server-messages'));
const ru = translator(loadLocale('ru', 'server-messages'));

/** A value of each kind a template takes, for the samples (a choice's last piece, a group's first text). */
const sampleValue = (kind: ValueKind) => {
  if (kind === 'number') return '3';
  if (typeof kind === 'object' && 'choice' in kind) return kind.choice[kind.choice.length - 1]!;
  if (typeof kind === 'object' && 'oneOf' in kind) return Object.values(kind.oneOf)[0]!;
  return 'Sample X1';
};

/** Every text of every known group; the parameterised ones with sample values. */
const samples = (messages: Messages): [string, string][] =>
  Object.entries(messages).flatMap(([name, m]): [string, string][] => {
    if (typeof m === 'string') return [[name, m]];
    if (typeof m === 'function') return [0, 1, 3, 24].map((n) => [`${name}(${n})`, m(n)]);
    return [[name, m.say(Object.fromEntries(Object.entries(m.values).map(([v, kind]) => [v, sampleValue(kind)])))]];
  });
const SERVER_TEXTS = [
  ...MESSAGE_GROUPS.flatMap(([prefix, messages]) => samples(messages).map(([name, text]) => [`${prefix}.${name}`, text] as [string, string])),
  ['stale', STALE_ITEM] as [string, string],
  ...Object.entries(ERROR_TITLES),
];

const SAMPLE_STOCK = 'Listed more than once: X9';

const serverFile = (path: string) => readFileSync(join(__dirname, '..', '..', '..', '..', path), 'utf8');

describe('server-messages.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('server-messages');
  });
});

describe('translateServerMessage', () => {
  it("says a provider call's failure in the reader's language, the provider's own words as it sent them", () => {
    expect(translateServerMessage('The provider did not answer within 3 seconds', ru)).toBe('Поставщик не ответил за 3 с');
    expect(translateServerMessage('The provider did not answer within 1 second', ru)).toBe('Поставщик не ответил за 1 с');
    expect(translateServerMessage('The provider refused the API key (HTTP 401)', ru)).toBe('Поставщик отклонил ключ API (HTTP 401)');
    expect(translateServerMessage('The provider answered with an error (HTTP 500): Upstream down', ru)).toBe('Поставщик ответил ошибкой (HTTP 500): Upstream down');
  });

  it("says a taken reference name with its kind in the reader's language", () => {
    expect(translateServerMessage("A hotel named 'Atlantis The Palm' already exists", ru)).toBe('Отель с названием «Atlantis The Palm» уже существует');
    expect(translateServerMessage("A tour category named 'Desert' already exists", ru)).toBe('Категория туров с названием «Desert» уже существует');
  });

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
    expect(translateServerMessage(`adults: ${BOOKING_MESSAGES.adults}; hotelId: Hotel is on fire`, ru)).toBe('adults: Нужен хотя бы один взрослый; hotelId: Hotel is on fire');
    expect(translateServerMessage('a: one; b: two', ru)).toBe('a: one; b: two');
  });

  it('carries named values, and the known texts among them, into the Russian text', () => {
    expect(translateServerMessage('Hotel 42 does not exist: choose a hotel from the list', ru)).toBe('Отеля 42 нет: выберите отель из списка');
    expect(translateServerMessage('Booking 1001 already exists', ru)).toBe('Бронирование 1001 уже существует');
    expect(translateServerMessage('Pax Id P-7 is already on row 12', ru)).toBe('Pax Id P-7 уже есть в строке 12');
    expect(translateServerMessage("Birth date '31.02.1990' is not a date", ru)).toBe('«Дата рождения»: «31.02.1990» — не дата');
    expect(translateServerMessage('The file has no Pax Id column', ru)).toBe('В файле нет столбца «ID туриста (Pax Id)»');
    expect(translateServerMessage('Tourist name is too long (at most 200 characters)', ru)).toBe('«Имя туриста»: слишком длинное значение (не более 200 символов)');
    expect(translateServerMessage("Wedding date '1.1.1' is not a date", ru)).toBe('«Wedding date»: «1.1.1» — не дата');
    expect(translateServerMessage('Not enough tickets "Burj Khalifa: 124" for 05.03.2026: 4 needed, 1 available', ru)).toBe('Не хватает билетов «Burj Khalifa: 124» на 05.03.2026: нужно 4, доступно 1');
    expect(translateServerMessage('Already in stock: A1, A2', ru)).toBe('Уже есть в запасе: A1, A2');
    expect(translateServerMessage('Already in stock: A1, A2, A3, A4, A5 and 7 more', ru)).toBe('Уже есть в запасе: A1, A2, A3, A4, A5 и ещё 7');
    expect(translateServerMessage('Already in stock: A1, A2, A3, A4, A5 and 7 more', en)).toBe('Already in stock: A1, A2, A3, A4, A5 and 7 more');
    expect(translateServerMessage('This booking was already redeemed at 05.03.2026 10:30 by Omar Haddad.', ru)).toBe('Прибытие по этому бронированию уже отмечено 05.03.2026 10:30, отметил(а) Omar Haddad.');
    expect(translateServerMessage('A user with the email a@b.test already exists', ru)).toBe('Пользователь с email a@b.test уже существует');
    expect(translateServerMessage(`codes: ${SAMPLE_STOCK}`, ru)).toBe('codes: Указаны больше одного раза: X9');
  });

  it("says a document download's refusal, with the document it names", () => {
    expect(translateServerMessage('The voucher is still being made. Please try again in a minute.', ru)).toBe('Документ (ваучер) ещё готовится. Попробуйте ещё раз через минуту.');
    expect(translateServerMessage('The invoice is still being made. Please try again in a minute.', en)).toBe('The invoice is still being made. Please try again in a minute.');
    expect(translateServerMessage('The manifest is still being made. Please try again in a minute.', ru)).toBe('Документ (manifest) ещё готовится. Попробуйте ещё раз через минуту.');
    expect(translateServerMessage('Not ready', ru)).toBe('Ещё не готово');
    expect(translateServerMessage('Not available', ru)).toBe('Недоступно');
    expect(translateServerMessage('The booking is cancelled: its voucher is no longer valid.', ru)).toBe('Бронирование отменено: его ваучер больше не действителен.');
  });

  it("says the input rules' messages with their label and numbers, and a module's own text before them", () => {
    expect(translateServerMessage('Adults must be at least 1', ru)).toBe('Поле «Adults» должно быть не меньше 1');
    expect(translateServerMessage('Latitude must be between -90 and 90', ru)).toBe('Поле «Latitude» должно быть от -90 до 90');
    expect(translateServerMessage('Notes is at most 2000 characters', ru)).toBe('Поле «Notes» — не более 2000 символов');
    expect(translateServerMessage('adults: Adults must be a whole number; date must be a date (YYYY-MM-DD)', ru)).toBe(
      'adults: Поле «Adults» должно быть целым числом; Поле «date» должно быть датой (ГГГГ-ММ-ДД)',
    );
    expect(translateServerMessage('Email address is required', ru)).toBe('Укажите адрес эл. почты');
    expect(translateServerMessage('Date is required', ru)).toBe('Укажите дату');
    expect(translateServerMessage('Room number is required', ru)).toBe('Заполните поле «Room number»');
  });

  it('says the password rules, the sign-in lockout and the statements', () => {
    expect(translateServerMessage('The new password must be at least 8 characters long', ru)).toBe('Новый пароль должен быть не короче 8 символов');
    expect(translateServerMessage('The current password is not correct', ru)).toBe('Текущий пароль указан неверно');
    expect(translateServerMessage('Too many sign-in attempts. Try again in 1 minute.', ru)).toBe('Слишком много попыток входа. Повторите через 1 мин.');
    expect(translateServerMessage('Too many sign-in attempts. Try again in 15 minutes.', ru)).toBe('Слишком много попыток входа. Повторите через 15 мин.');
    expect(translateServerMessage('Too many sign-in attempts. Try again in 15 minutes.', en)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(translateServerMessage('A statement holds at most 5000 lines', ru)).toBe('В отчёте может быть не больше 5000 строк');
    expect(translateServerMessage('The image is 9000 × 6000 pixels, more than the limit of 40 megapixels', ru)).toBe('Изображение 9000 × 6000 пикселей — больше предела в 40 мегапикселей');
  });

  it('says the seat sharing lock with its date, the unpacked workbook with its size and the as-of builds with their limit', () => {
    const locked = "The slots' seat sharing cannot change: departures from 05.12.2026 on have seats sold or held, closed dates or a capacity of their own";
    expect(translateServerMessage(locked, ru)).toBe('Режим общих мест слотов сейчас изменить нельзя: начиная с 05.12.2026 есть отправления с проданными или удерживаемыми местами, закрытые даты или своя вместимость');
    expect(translateServerMessage(`isTimeSlotsIndependant: ${locked}`, en)).toBe(`isTimeSlotsIndependant: ${locked}`);
    expect(translateServerMessage('The file is too large once unpacked: an Excel workbook may unpack to at most 60 MB', ru)).toBe(
      'Файл слишком большой в распакованном виде: книга Excel после распаковки — не более 60 МБ',
    );
    expect(translateServerMessage('xlsx: The file is too large once unpacked: an Excel workbook may hold at most 1000 parts', ru)).toBe(
      'xlsx: Файл слишком большой в распакованном виде: в книге Excel может быть не более 1000 частей',
    );
    expect(translateServerMessage('3 reports as of a moment are being built already: try again once one of them is ready', ru)).toBe(
      'Уже строятся отчёты на момент (не больше 3 одновременно): повторите, когда один из них будет готов',
    );
    expect(translateServerMessage('Too many requests', ru)).toBe('Слишком много запросов');
    expect(translateServerMessage('agencyIds: A list may hold at most 1000 ids', ru)).toBe('agencyIds: В списке может быть не больше 1000 идентификаторов');
    expect(translateServerMessage("productId must not be '.', '..' or contain a slash", ru)).toBe('Поле «productId» не может быть «.» или «..» и не может содержать косую черту');
    expect(translateServerMessage(`baseUrl: ${PROVIDER_ADDRESS_MESSAGE}`, ru)).toBe('baseUrl: Этот адрес нельзя указать для поставщика: это локальный, частный или зарезервированный сетевой адрес');
    expect(translateServerMessage('External provider', ru)).toBe('Внешний поставщик');
  });

  it("keeps a key without text as the API's words (a message added on the server before its translation)", () => {
    expect(translateServerMessage(BOOKING_MESSAGES.date, () => null)).toBe(BOOKING_MESSAGES.date);
  });

  it('translates the field messages of a refusal and leaves other content alone', () => {
    const content = { errors: { date: [BOOKING_MESSAGES.minimumAdvance(12)], hotelId: 'Hotel is on fire', agencyId: ['Choose one of your contracted agencies'] }, version: 3 };
    expect(translateServerContent(content, ru)).toEqual({ errors: { date: ['Бронирование закрывается за 12 ч до начала'], hotelId: 'Hotel is on fire', agencyId: ['Выберите одно из агентств по договору'] }, version: 3 });
    expect(translateServerContent({ Errors: { adults: [SEAT_MESSAGES.seatsLeft(1)] } }, ru)).toEqual({ Errors: { adults: ['Осталось всего 1 место'] } });
    expect(translateServerContent(null, ru)).toBeNull();
    expect(translateServerContent([1, 2], ru)).toEqual([1, 2]);
  });
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PROBE = 987654321;

/** The fixed pieces of a message, in order, between the places its values go. */
function piecesOf(message: Message): string[] {
  if (typeof message === 'string') return [message];
  if (typeof message === 'function') return message(PROBE).split(String(PROBE));
  return message.say(Object.fromEntries(Object.keys(message.values).map((name) => [name, `{{${name}}}`]))).split(/\{\{\w+\}\}/);
}

/** The message as server code writes it: a quoted string, or a template literal with an expression where each value goes. */
function sourcePattern(message: Message): RegExp {
  const pieces = piecesOf(message).map(escapeRegExp);
  return pieces.length === 1 ? new RegExp(`(['"\`])${pieces[0]}\\1`) : new RegExp(`\`${pieces.join('\\$\\{[^}]+\\}')}\``);
}

describe('the copies of server texts the client may not import', () => {
  it.each(COPIED_MESSAGES.flatMap((group) => Object.entries(group.messages).map(([name, message]) => [`${group.prefix}.${name}`, group.files, message] as const)))(
    'says %s as one of its server files does',
    (_key, files, message) => {
      const pattern = sourcePattern(message);
      expect(files.filter((file) => pattern.test(serverFile(file)))).not.toEqual([]);
    },
  );

  it('has a source pattern that finds what it should, and only that', () => {
    expect(sourcePattern('Hotel not found').test("throw new ValidationError('Hotel not found', {")).toBe(true);
    expect(sourcePattern('Hotel not found').test("'Hotel not found anywhere'")).toBe(false);
    expect(sourcePattern((n) => `Booking ${n} already exists`).test('new ConflictError(`Booking ${state.id} already exists`)')).toBe(true);
    expect(sourcePattern(CODES_MORE).test("`${codes.slice(0, 5).join(', ')} and ${codes.length - 5} more`")).toBe(true);
  });

  it("words a departure's capacity as the slots do (so the slots' key says it)", () => {
    expect(TIME_SLOT_LIMITS.slotCapacityMin).toBe(0);
    expect(serverFile('modules/scheduling/src/departures/departure.ts')).toContain('capacity: `Capacity must be between 0 and ${TIME_SLOT_LIMITS.capacityMax}`');
    expect(knownServerMessage(`Capacity must be between 0 and ${TIME_SLOT_LIMITS.capacityMax}`)?.key).toBe('timeSlots.capacity');
  });

  it("puts an OCTO id's name before the provider's path rule, as providers.pathSafe expects", () => {
    expect(serverFile('modules/connectivity/src/external/external-timeslots.controller.ts')).toContain('`${name} ${OCTO_ID_PATH_MESSAGE}`');
  });

  it('copies no text the client may import, and each text once', () => {
    const imported = [TIME_SLOT_MESSAGES, CONTRACT_MESSAGES, RESELLER_KEY_MESSAGES, BOOKING_MESSAGES, SEAT_MESSAGES, EXTERNAL_PROVIDER_MESSAGES, { address: PROVIDER_ADDRESS_MESSAGE }].flatMap((m) =>
      Object.values(m).filter((v): v is string => typeof v === 'string'),
    );
    const copied = COPIED_MESSAGES.flatMap((g) => Object.values(g.messages).filter((v): v is string => typeof v === 'string'));
    expect(copied.filter((c) => imported.includes(c))).toEqual([]);
    expect(new Set(copied).size).toBe(copied.length);
  });

  it('words the stale-version conflict as the kernel and the streams do', () => {
    for (const file of ['modules/kernel/src/http/envelope.filter.ts', 'modules/booking/src/bookings/booking-stream.ts', 'modules/scheduling/src/time-slots/time-slot-group.ts']) {
      expect(serverFile(file)).toContain(`'${STALE_ITEM}'`);
    }
  });

  it('has every label of the arrival columns and every document kind', () => {
    const columns = serverFile('modules/arrivals/src/import/arrival-columns.ts');
    const block = /export const FIELD_LABELS[^=]*= \{([^}]+)\}/.exec(columns)?.[1] ?? '';
    const labels = [...block.matchAll(/\w+: '([^']+)'/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(20);
    expect([...new Set(labels)].sort()).toEqual(Object.values(ARRIVAL_FIELD_LABELS).sort());
    expect(serverFile('event-schemas/src/booking/booking-events.ts')).toContain(`DOCUMENT_KINDS = [${Object.values(DOCUMENT_KIND_NAMES).map((k) => `'${k}'`).join(', ')}] as const`);
  });

  it('has the titles the modules give their refusals themselves, as they give them', () => {
    const titled: [string, string][] = [
      [ERROR_TITLES.notReady, 'modules/documents/src/downloads/document-files.ts'],
      [ERROR_TITLES.notReady, 'modules/reports/src/statements/statements.service.ts'],
      [ERROR_TITLES.notAvailable, 'modules/documents/src/downloads/document-downloads.controller.ts'],
      [ERROR_TITLES.tooLarge, 'modules/arrivals/src/arrivals.controller.ts'],
      [ERROR_TITLES.badRequestCapital, 'modules/documents/src/manifests/manifests.controller.ts'],
    ];
    for (const [title, file] of titled) expect(serverFile(file)).toMatch(new RegExp(`new AppError\\(\\d{3}, '${title}'`));
    expect(serverFile('modules/connectivity/src/octo/octo-errors.ts')).toContain(`OCTO_ERROR_TITLE = '${ERROR_TITLES.externalProvider}'`);
  });

  it("knows every text of the catalog's OFFER_MESSAGES and TOUR_MESSAGES", () => {
    const groups: [string, string][] = [
      ['OFFER_MESSAGES', 'modules/catalog/src/offers/offer.ts'],
      ['TOUR_MESSAGES', 'modules/catalog/src/tours/tour.ts'],
    ];
    for (const [name, file] of groups) {
      const block = new RegExp(`export const ${name} = \\{([^}]+)\\}`).exec(serverFile(file))?.[1] ?? '';
      const texts = [...block.matchAll(/^\s+\w+: '([^']+)',$/gm)].map((m) => m[1]!);
      expect(texts.length).toBeGreaterThan(10);
      expect(texts.filter((text) => knownServerMessage(text) === null)).toEqual([]);
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
