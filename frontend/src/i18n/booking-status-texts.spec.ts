import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOKING_STATUS_TEXT, BOOKING_STATUS_TEXT_RU } from '@tbo/booking/src/pure/booking-status.pure';

// Each screen's namespace carries its own copy of the booking status names (i18next namespaces are loaded per
// screen), so nothing but this spec keeps the copies from drifting apart: a reviewer once found status 0 named
// 'Обычное' on the list and 'Подтверждено' on the agent's details page of the same booking.

const LOCALES = join(__dirname, 'locales');
const LANGS = ['en', 'ru'] as const;
const CODES = ['0', '1', '2', '3', '4', '5'];

/** Every place a screen names booking statuses by code: namespace and the key of its status object. */
const STATUS_MAPS: [ns: string, key: string][] = [
  ['bookings-list', 'status'],
  ['agent-bookings', 'status'],
  ['booking-details', 'status'],
  ['agent-booking-details', 'status'],
  ['manifests', 'statuses'],
  ['checkin', 'statuses'],
];

type Tree = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects keyed exactly by the status codes 0-5, anywhere in a namespace: how a booking status map looks. */
function statusMapsIn(tree: Tree, path: string[] = []): string[] {
  const here = Object.keys(tree).sort().join() === CODES.join() ? [path.join('.')] : [];
  return [...here, ...Object.entries(tree).flatMap(([k, v]) => (isTree(v) ? statusMapsIn(v, [...path, k]) : []))];
}

describe('booking status names in the locales', () => {
  it.each(LANGS)('every %s screen names each status the same way', (lang) => {
    const named = STATUS_MAPS.map(([ns, key]) => ({ where: `${lang}/${ns}.json ${key}`, texts: load(lang, ns)[key] }));
    const [first] = named;
    for (const { where, texts } of named) {
      expect({ where, keys: Object.keys(texts as Tree).sort() }).toEqual({ where, keys: CODES });
      expect({ where, texts }).toEqual({ where, texts: first!.texts });
    }
  });

  it('the English names are the ones spec 02 §4 and the server use', () => {
    expect(load('en', 'bookings-list').status).toEqual(BOOKING_STATUS_TEXT);
  });

  it("the Russian names are the ones the server's Russian exports write", () => {
    expect(load('ru', 'bookings-list').status).toEqual(BOOKING_STATUS_TEXT_RU);
  });

  it.each(LANGS)('no %s namespace has a status map this spec does not compare', (lang) => {
    const found = readdirSync(join(LOCALES, lang))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => statusMapsIn(load(lang, f.slice(0, -'.json'.length))).map((key) => `${f.slice(0, -'.json'.length)}:${key}`))
      .sort();
    expect(found).toEqual(STATUS_MAPS.map(([ns, key]) => `${ns}:${key}`).sort());
  });

  it('the English status filter uses the status names', () => {
    const en = load('en', 'bookings-list') as { status: Tree; statusFilter: Tree };
    expect(en.statusFilter).toEqual({ normal: en.status['0'], pending: en.status['1'], cancelled: en.status['4'] });
  });

  it('the Russian status filter names the same statuses, in the plural', () => {
    const ru = load('ru', 'bookings-list') as { status: Tree; statusFilter: Tree };
    // Plural of the status adjective: 'Подтверждено' → 'Подтверждённые', 'Отменено' → 'Отменённые'.
    expect([ru.status['0'], ru.statusFilter.normal]).toEqual(['Подтверждено', 'Подтверждённые']);
    expect([ru.status['4'], ru.statusFilter.cancelled]).toEqual(['Отменено', 'Отменённые']);
  });
});
