import fc from 'fast-check';
import { createEventRegistry } from '@tbo/event-schemas';

/**
 * Generators of hostile input for the route guard (test/api/route-fuzz.test.ts): the values a careless client
 * or an attacker sends, biased to the edges where Postgres, JSON and our schemas disagree.
 */

const PG_INT_MAX = 2_147_483_647;

/**
 * Text Postgres cannot store (NUL), JSON cannot carry (lone surrogates) or the input boundary refuses (controls,
 * direction overrides), alone or inside ordinary text.
 */
const unstorableText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\ud83d', '\udfff', '\u0007', '\u009b', '\u202e'), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/** Text that looks like what a field wants but is not: dates out of range, numbers as text, markup, formulas. */
const edgeText = fc.constantFrom('', ' ', '%00', '0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '-000010-01-01T00:00:00Z', '2101-01-01',
  '1999-12-31T23:59:59Z', 'NaN', 'Infinity', '-1', '1e308', '2147483648', '3000000000', '<script>alert(1)</script>', '=HYPERLINK("x")',
  'true', 'null', '[]', '{}', "'; DROP TABLE events; --");

const hostileText = fc.oneof(
  { weight: 3, arbitrary: unstorableText },
  { weight: 3, arbitrary: edgeText },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(120_000)) },
);

/** Numbers at every edge: past int4, non-integers, huge, tiny, negative. */
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0.5, PG_INT_MAX, PG_INT_MAX + 1, 3_000_000_000, -PG_INT_MAX - 2, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324, 91, -91, 181, 1440, 8761),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any of the above, or a wrong shape (lists, objects, booleans, null, nesting). */
export function hostileValue(options: { forPath?: boolean } = {}): fc.Arbitrary<unknown> {
  if (options.forPath) return fc.oneof(hostileText.filter((s) => s.length < 200 && s !== ''), hostileNumber, fc.constantFrom('big', 'small', 'offers', 'tours'));
  return fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 4, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 2, arbitrary: fc.array(fc.oneof(hostileNumber, hostileText), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('id', 'name', 'hours', 'percents', 'stops', 'type'), fc.oneof(hostileNumber, hostileText), { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constant(nested(40)) },
  );
}

/** Field names our forms and events use, read off every registered event's example (and the paging words). */
export function knownFieldNames(): string[] {
  const names = new Set(['page', 'search', 'sortField', 'sortType', 'tourIds', 'languageIds', 'offerIds', 'toursIds', 'top', 'showDeleted', 'date', 'isOffers', 'after', 'email', 'password', 'version', 'position', 'returnUrl']);
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        names.add(key);
        collect(child);
      }
    }
  };
  for (const def of createEventRegistry().definitions()) collect(def.example);
  return [...names].sort();
}

/** A body of known field names with hostile values (or, now and then, not an object at all). */
export function randomBody(fieldNames: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), hostileValue(), { maxKeys: 8 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constant(nested(5000)) },
  );
}

/**
 * A valid body with one or two of its fields (at any depth, one element into lists) replaced. A field keeps its
 * type most of the time (text gets hostile text, numbers hostile numbers), so the change gets past the type
 * checks and reaches the rules behind them: ranges, deciders, event schemas, Postgres.
 */
export function mutatedBody(template: object): fc.Arbitrary<unknown> {
  const paths = fieldPaths(template);
  const change = fc.constantFrom(...paths).chain((path) => {
    const current = getAt(template, path);
    const sameType = typeof current === 'string' ? hostileText : typeof current === 'number' ? hostileNumber : hostileValue();
    return fc.tuple(fc.constant(path), fc.oneof({ weight: 4, arbitrary: sameType as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: hostileValue() }));
  });
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const body = structuredClone(template) as Record<string, unknown>;
    for (const [path, value] of changes) setAt(body, path, value);
    return body;
  });
}

/** Query strings: known names with hostile text, sometimes repeated (arrays). */
export function hostileQuery(fieldNames: string[]): fc.Arbitrary<Record<string, string | string[]>> {
  const text = hostileText.filter((s) => s.length < 2000).map(String);
  const value = fc.oneof(text, hostileNumber.map(String), fc.array(text, { minLength: 2, maxLength: 3 }));
  return fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 4 });
}

/** `[[[…1…]]]` nested `depth` levels. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Paths of a body's fields: `name`, `itineraries.0.stops.0.name`, … */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.slice(0, 1).map((v, i) => [String(i), v] as const) : Object.entries(value);
  const inner = entries.flatMap(([k, v]) => fieldPaths(v, [...prefix, k]));
  return prefix.length ? [prefix, ...inner] : inner;
}

function getAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

function setAt(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return;
    node = next as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}
