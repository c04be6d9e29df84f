import { z } from 'zod';
import { createEventRegistry } from './all-events';
import { EventSchemaRegistry, InvalidEventDataError, UnknownEventTypeError } from './registry';

describe('EventSchemaRegistry', () => {
  const registry = createEventRegistry();

  it.each(registry.definitions().map((d) => [d.type, d.version, d] as const))(
    '%s v%d: its example validates and survives a JSON round trip unchanged',
    (type, version, def) => {
      const validated = registry.validate(type, def.example);
      expect(validated.version).toBe(registry.latestVersion(type));
      const stored = JSON.parse(JSON.stringify(validated.data));
      expect(registry.upcast(type, validated.version, stored).data).toEqual(validated.data);
    },
  );

  it('refuses data that does not match the schema, naming the field', () => {
    expect(() => registry.validate('LanguageAdded', { id: 1, name: '', code: 'en', isOffers: true, imgUrl: null })).toThrow(
      InvalidEventDataError,
    );
    expect(() => registry.validate('LanguageAdded', { id: 'x' })).toThrow(/id/);
  });

  describe('the last gate: nothing a projection or Postgres would refuse is appended', () => {
    const example = (type: string) => structuredClone(registry.definitions().find((d) => d.type === type)!.example) as Record<string, unknown>;

    it('refuses NUL and lone surrogates in any text, keys included, naming where', () => {
      expect(() => registry.validate('LanguageAdded', { ...example('LanguageAdded'), name: 'Eng\u0000lish' })).toThrow(/name: text must not contain NUL/);
      expect(() => registry.validate('LanguageAdded', { ...example('LanguageAdded'), name: 'x\ud800' })).toThrow(InvalidEventDataError);
    });

    it('refuses ids past a Postgres integer and dates outside 2000..2100 (year 0000 stopped the offers projection)', () => {
      expect(() => registry.validate('LanguageAdded', { ...example('LanguageAdded'), id: 2_147_483_648 })).toThrow(/id/);
      for (const periodStart of ['0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z']) {
        expect(() => registry.validate('ValidPeriodPriced', { ...example('ValidPeriodPriced'), periodStart })).toThrow(/periodStart/);
      }
      expect(registry.validate('ValidPeriodPriced', { ...example('ValidPeriodPriced'), periodStart: '2100-12-31T08:00:00Z' }).version).toBe(1);
    });
  });

  it('refuses an unknown event type', () => {
    expect(() => registry.validate('NoSuchThingHappened', {})).toThrow(UnknownEventTypeError);
  });

  describe('upcasting', () => {
    const r = new EventSchemaRegistry().register(
      { type: 'PriceSet', version: 1, schema: z.object({ amount: z.number() }), example: { amount: 1 } },
      {
        type: 'PriceSet',
        version: 2,
        schema: z.object({ amount: z.number(), currency: z.string() }),
        upcastFromPrevious: (d) => ({ ...(d as object), currency: 'AED' }),
        example: { amount: 1, currency: 'USD' },
      },
      {
        type: 'PriceSet',
        version: 3,
        schema: z.object({ amountFils: z.number().int(), currency: z.string() }),
        upcastFromPrevious: (d) => {
          const { amount, currency } = d as { amount: number; currency: string };
          return { amountFils: Math.round(amount * 100), currency };
        },
        example: { amountFils: 100, currency: 'AED' },
      },
    );

    it('brings v1 data through every step to the newest version', () => {
      expect(r.upcast('PriceSet', 1, { amount: 12.5 })).toEqual({ version: 3, data: { amountFils: 1250, currency: 'AED' } });
    });

    it('appends validate against the newest version only', () => {
      expect(() => r.validate('PriceSet', { amount: 1 })).toThrow(InvalidEventDataError);
      expect(r.validate('PriceSet', { amountFils: 5, currency: 'USD' }).version).toBe(3);
    });

    it('refuses a later version registered without an upcaster', () => {
      expect(() =>
        new EventSchemaRegistry().register({ type: 'X', version: 2, schema: z.object({}), example: {} }),
      ).toThrow(/upcastFromPrevious/);
    });
  });
});
