import type { z } from 'zod';

/*
 * What the validation pipe reads from a schema and its issues to word a refusal: which query parameters take one
 * value (so one sent twice is said to be repeated), and when a zod type error is a field left out (said 'X is
 * required', not 'X must be text').
 */

/** zod's definition of a schema: its kind, and the parts a wrapper or a union is made of. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Schemas that take one value: a query parameter sent twice (`?x=1&x=2`, a list) is never one of them. */
const SINGLE = new Set(['string', 'number', 'bigint', 'boolean', 'date', 'enum', 'literal', 'template_literal', 'nan', 'null', 'undefined', 'void', 'object', 'record', 'map']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/**
 * Whether a field's schema may take a list. Wrappers and pipes are looked through (a preprocess at the input it
 * hands on); a union takes one if any of its options does. A kind not known here is taken to accept one, so its own
 * message stands rather than a wrong 'given once'.
 */
export function acceptsList(schema: z.ZodType, depth = 0): boolean {
  if (depth > 20) return true;
  const def = defOf(schema);
  if (SINGLE.has(def.type)) return false;
  if (WRAPPERS.has(def.type) && def.innerType) return acceptsList(def.innerType, depth + 1);
  if (def.type === 'union' && def.options) return def.options.some((o) => acceptsList(o, depth + 1));
  if (def.type === 'intersection' && def.left && def.right) return acceptsList(def.left, depth + 1) && acceptsList(def.right, depth + 1);
  if (def.type === 'pipe' && def.in && def.out) return defOf(def.in).type === 'transform' ? acceptsList(def.out, depth + 1) : acceptsList(def.in, depth + 1);
  if (def.type === 'lazy' && def.getter) return acceptsList(def.getter(), depth + 1);
  return true;
}

/** The fields of an object schema, looked for through wrappers, refinements and pipes; null when it is no object. */
export function objectShape(schema: z.ZodType, depth = 0): Record<string, z.ZodType> | null {
  if (depth > 20) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (WRAPPERS.has(def.type) && def.innerType) return objectShape(def.innerType, depth + 1);
  if (def.type === 'pipe' && def.in && def.out) return objectShape(defOf(def.in).type === 'transform' ? def.out : def.in, depth + 1);
  return null;
}

/**
 * The parameters of a query sent more than once (Express hands them on as a list) that the schema takes one value
 * of: each is refused as 'X must be given once', whatever else its type would say of a list. `undefined` when the
 * schema's fields cannot be read (the pipe then keeps to the type errors zod gives).
 */
export function repeatedParams(schema: z.ZodType, query: unknown, name?: string): string[] | undefined {
  if (name) return Array.isArray(query) && !acceptsList(schema) ? [name] : [];
  if (!query || typeof query !== 'object') return [];
  const shape = objectShape(schema);
  if (!shape) return undefined;
  return Object.entries(query as Record<string, unknown>)
    .filter(([key, v]) => Array.isArray(v) && Object.hasOwn(shape, key) && !acceptsList(shape[key]!))
    .map(([key]) => key);
}

/** The value at an issue's path in what was sent (undefined when it, or a step to it, is absent). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** Issue kinds a value left out raises: the type, a choice or a union it is none of. */
const MISSING_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

/**
 * The issue's message, but 'X is required' for a field left out whose schema words any wrong value as
 * 'X must be …' (text, a date, one of a list: true of a wrong value, misleading of none) or in zod's own words.
 */
export function issueMessage(issue: z.core.$ZodIssue, sent: unknown): string {
  if (!MISSING_CODES.has(issue.code) || !issue.path.length || valueAt(sent, issue.path) !== undefined) return issue.message;
  // A message that says so already ('Capacity is required and must be between 1 and 999999') is kept.
  if (/\brequired\b/i.test(issue.message)) return issue.message;
  const label = /^(.+?) must be /.exec(issue.message)?.[1];
  if (label) return `${label} is required`;
  if (issue.message.startsWith('Invalid input')) return `${String(issue.path.at(-1))} is required`;
  return issue.message;
}
