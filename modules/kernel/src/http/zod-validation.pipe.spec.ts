import type { ArgumentMetadata } from '@nestjs/common';
import { z } from 'zod';
import { ValidationError } from '../errors/app-error';
import { businessDateInput, idListOf, idParam, wholeNumberQuery } from '../validation/input-rules';
import { afterParam } from './read-your-writes';
import { zodPipe } from './zod-validation.pipe';

const query: ArgumentMetadata = { type: 'query' };
const body: ArgumentMetadata = { type: 'body' };

/** What the pipe refuses the value with: the envelope's message and its field messages; null when it takes it. */
function refusal(schema: z.ZodType, value: unknown, metadata: ArgumentMetadata): { message: string; errors: Record<string, string[]> } | null {
  try {
    zodPipe(schema).transform(value, metadata);
    return null;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return { message: err.message, errors: err.details ?? {} };
  }
}

/** A list query as the modules write them: choices, a union, a preprocessed choice, dates, numbers, id lists. */
const listQuery = z
  .object({
    orderBy: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['id', 'date'], { message: 'orderBy must be one of id, date' }).optional()),
    showMy: z.union([z.enum(['1', '0']), z.boolean()], { message: 'showMy must be 1 or 0' }).optional(),
    lang: z.enum(['eng', 'rus'], { message: 'lang must be eng or rus' }).default('eng'),
    date: businessDateInput('date').optional(),
    page: wholeNumberQuery('page', 1, 100).optional(),
    hotelIds: idListOf('hotelIds'),
    after: afterParam,
  })
  .strict()
  .refine(() => true);

describe('ZodValidationPipe', () => {
  describe('a query parameter that takes one value, sent twice', () => {
    it.each([
      ['orderBy', ['date', 'date']],
      ['showMy', ['1', '1']],
      ['lang', ['eng', 'eng']],
      ['date', ['2026-12-27', '2026-12-27']],
      ['page', ['1', '2']],
      ['after', ['1', '2']],
    ])('%s is said to be given once, whatever its type would say of a list', (name, sent) => {
      expect(refusal(listQuery, { [name]: sent }, query)).toEqual({ message: `${name} must be given once`, errors: { [name]: [`${name} must be given once`] } });
    });

    it('leaves parameters that take a list, unknown ones and bodies to their own messages', () => {
      expect(refusal(listQuery, { hotelIds: ['1', '2'] }, query)).toBeNull();
      expect(refusal(listQuery, { x: ['1', '2'] }, query)?.message).toBe('Unrecognized key: "x"');
      // A body's list is a value like any other: its type is what is wrong.
      expect(refusal(listQuery, { lang: ['eng', 'eng'] }, body)?.errors).toEqual({ lang: ['lang must be eng or rus'] });
    });

    it('says each repeat, and the other fields their own problems', () => {
      expect(refusal(listQuery, { orderBy: ['id', 'id'], lang: 'fra' }, query)?.errors).toEqual({ orderBy: ['orderBy must be given once'], lang: ['lang must be eng or rus'] });
    });

    it("says it of a query parsed one parameter at a time (`@Query('x', pipe)`)", () => {
      expect(refusal(z.enum(['a', 'b']), ['a', 'a'], { type: 'query', data: 'x' })?.errors).toEqual({ x: ['x must be given once'] });
    });
  });

  it('says a message once, however many checks found it', () => {
    const twice = z.object({ d: z.string().max(3, 'd must be short').refine((v) => v.length < 3, 'd must be short') });
    expect(refusal(twice, { d: 'long' }, body)).toEqual({ message: 'd must be short', errors: { d: ['d must be short'] } });
  });

  describe('a field left out', () => {
    const form = z.object({
      paxId: z.string({ message: 'Pax Id must be text' }),
      lang: z.enum(['eng', 'rus'], { message: 'lang must be eng or rus' }),
      choice: z.union([z.string(), z.number()], { message: 'choice must be text or a number' }),
      plain: z.string(),
      spec: z.number({ message: 'At least one adult is required' }),
      both: z.number({ message: 'Capacity is required and must be between 1 and 999999' }),
      nested: z.object({ name: z.string({ message: 'Name must be text' }) }).optional(),
    });

    it("is 'X is required', not called of a wrong type", () => {
      expect(refusal(form, { nested: {} }, body)?.errors).toEqual({
        paxId: ['Pax Id is required'],
        lang: ['lang is required'],
        choice: ['choice is required'],
        plain: ['plain is required'],
        spec: ['At least one adult is required'],
        both: ['Capacity is required and must be between 1 and 999999'],
        'nested.name': ['Name is required'],
      });
    });

    it('while a value of the wrong type keeps its message', () => {
      expect(refusal(form, { paxId: 5, lang: 'fra', choice: true, plain: 1, spec: 'x', both: 0.5, nested: { name: null } }, body)?.errors).toEqual({
        paxId: ['Pax Id must be text'],
        lang: ['lang must be eng or rus'],
        choice: ['choice must be text or a number'],
        plain: ['Invalid input: expected string, received number'],
        spec: ['At least one adult is required'],
        'nested.name': ['Name must be text'],
      });
    });
  });

  it('keys a path parameter by its name', () => {
    expect(refusal(idParam('groupId'), '0', { type: 'param', data: 'groupId' })).toEqual({ message: 'groupId must be a positive number', errors: { groupId: ['groupId must be a positive number'] } });
    expect(refusal(z.enum(['big', 'small'], { message: 'Must be big or small' }), 'huge', { type: 'param', data: 'size' })).toEqual({ message: 'size: Must be big or small', errors: { size: ['Must be big or small'] } });
  });

  it('passes what the schema takes, defaults filled in', () => {
    expect(zodPipe(listQuery).transform({ page: '2', hotelIds: '1,2' }, query)).toEqual({ lang: 'eng', page: 2, hotelIds: [1, 2] });
    expect(zodPipe(idParam('groupId')).transform('7', { type: 'param', data: 'groupId' })).toBe(7);
  });
});
