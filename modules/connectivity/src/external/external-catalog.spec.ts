import type { OctoAvailabilityQuery, OctoClient, OctoProduct } from '../octo/octo-client.port';
import { OctoOptionNotFoundError } from '../octo/octo-errors';
import { chooseOption, externalOffersOf, localDate, minutesOf, NO_EXTERNAL_TIME_SLOTS, startTimesInAvailability, timeSlotsOf } from './external-catalog.pure';
import { ExternalCatalog, NoExternalTimeSlotsError } from './external-catalog.service';

const option = (id: string, times: string[] | null, over: object = {}) => ({ id, internalName: id, availabilityLocalStartTimes: times, ...over });
const product = (id: string, options: ReturnType<typeof option>[], availabilityType = 'START_TIME'): OctoProduct => ({ id, internalName: id, availabilityType, options });

describe('external catalog: pure rules', () => {
  it('lists one entry per product, by name, with its options, the one used by default first', () => {
    const products = [product('safari', [option('am', ['09:00']), option('pm', ['16:00'], { default: true })]), product('Cruise', [option('DEFAULT', ['20:00'])])];
    expect(externalOffersOf(products)).toEqual([
      { id: 'Cruise', name: 'Cruise', options: [{ id: 'DEFAULT', name: 'DEFAULT', isDefault: true }] },
      {
        id: 'safari',
        name: 'safari',
        options: [
          { id: 'pm', name: 'pm', isDefault: true },
          { id: 'am', name: 'am', isDefault: false },
        ],
      },
    ]);
    expect(externalOffersOf([{ id: 'p1', internalName: ' ', title: 'Public title', options: [{ id: 'o' }] }])).toEqual([{ id: 'p1', name: 'Public title', options: [{ id: 'o', name: 'o', isDefault: true }] }]);
  });

  it('chooses the asked option, else the default, else the first', () => {
    const p = product('safari', [option('am', []), option('pm', [], { default: true })]);
    expect(chooseOption(p, 'am')?.id).toBe('am');
    expect(chooseOption(p)?.id).toBe('pm');
    expect(chooseOption(product('x', [option('a', []), option('b', [])]))?.id).toBe('a');
    expect(chooseOption(p, 'none')).toBeUndefined();
  });

  it('reads start times as distinct HH:MM, earliest first, skipping what is not a time', () => {
    expect(timeSlotsOf(['16:30', '09:00', '9:00', '09:00:00', '24:00', 'noon', ''])).toEqual([
      { id: '09:00', name: '09:00', startMinutes: 540 },
      { id: '16:30', name: '16:30', startMinutes: 990 },
    ]);
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('12:60')).toBeNull();
  });

  it('takes the local time of availability items as written, all-day ones aside', () => {
    const items = [
      { localDateTimeStart: '2026-05-01T20:00:00+04:00' },
      { localDateTimeStart: '2026-05-01T00:00:00+04:00', allDay: true },
      { localDateTimeStart: '2026-05-02T19:30:00+04:00', allDay: false },
    ];
    expect(startTimesInAvailability(items)).toEqual(['20:00', '19:30']);
  });

  it("counts days in Dubai's date: 22:00 UTC is already the next day there", () => {
    expect(localDate(new Date('2026-04-30T22:00:00Z'))).toBe('2026-05-01');
    expect(localDate(new Date('2026-04-30T10:00:00Z'), 13)).toBe('2026-05-13');
  });
});

describe('external catalog: start times of a product', () => {
  const products: Record<string, OctoProduct> = {
    safari: product('safari', [option('am', ['16:30', '09:00'], { default: true }), option('pm', ['18:00'])]),
    cruise: product('cruise', [option('DEFAULT', [])]),
    museum: product('museum', [option('DEFAULT', ['00:00'])], 'OPENING_HOURS'),
    empty: product('empty', [option('DEFAULT', null)]),
  };
  const asked: OctoAvailabilityQuery[] = [];
  const octo: OctoClient = {
    products: async () => Object.values(products),
    product: async (_c, id) => products[id]!,
    availability: async (_c, q) => {
      asked.push(q);
      return q.productId === 'cruise' ? [{ id: 'a1', localDateTimeStart: `${q.localDateStart}T20:00:00+04:00` }] : [];
    },
  };
  const connections = { connectionFor: async () => ({ baseUrl: 'http://octo.test', apiKey: 'k' }) };
  const catalog = new ExternalCatalog(connections as never, octo);
  catalog.now = () => new Date('2026-04-30T10:00:00Z');

  it("answers the default option's own start times, or the asked option's", async () => {
    expect(await catalog.timeSlots(1, 2, 'safari')).toEqual([
      { id: '09:00', name: '09:00', startMinutes: 540 },
      { id: '16:30', name: '16:30', startMinutes: 990 },
    ]);
    expect((await catalog.timeSlots(1, 2, 'safari', 'pm')).map((s) => s.id)).toEqual(['18:00']);
    await expect(catalog.timeSlots(1, 2, 'safari', 'night')).rejects.toThrow(OctoOptionNotFoundError);
  });

  it('reads availability for the next two weeks when the option lists no start times', async () => {
    expect(await catalog.timeSlots(1, 2, 'cruise')).toEqual([{ id: '20:00', name: '20:00', startMinutes: 1200 }]);
    expect(asked.at(-1)).toEqual({ productId: 'cruise', optionId: 'DEFAULT', localDateStart: '2026-04-30', localDateEnd: '2026-05-13' });
  });

  it('has no time slots for opening-hours products, nor when availability shows none', async () => {
    await expect(catalog.timeSlots(1, 2, 'museum')).rejects.toThrow(NoExternalTimeSlotsError);
    await expect(catalog.timeSlots(1, 2, 'empty')).rejects.toThrow(NO_EXTERNAL_TIME_SLOTS);
    await expect(catalog.timeSlots(1, 2, 'empty')).rejects.toMatchObject({ code: 422, title: 'External provider' });
  });
});
