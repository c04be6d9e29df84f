import { CONTRACT_MESSAGES } from '@tbo/booking/src/contracts/contract-rules.pure';
import { BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
import { EXTERNAL_PROVIDER_MESSAGES } from '@tbo/connectivity/src/providers/external-provider-rules.pure';
import { OCTO_ID_PATH_MESSAGE, PROVIDER_ADDRESS_MESSAGE } from '@tbo/connectivity/src/providers/provider-address.pure';
import { RESELLER_KEY_MESSAGES } from '@tbo/connectivity/src/resellers/reseller-key-rules.pure';
import { SEAT_MESSAGES } from '@tbo/scheduling/src/pure/seat-messages.pure';
import { TIME_SLOT_MESSAGES } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { COPIED_MESSAGES, template, type Message, type Messages, type Template, type ValueKind } from './server-message-copies';

/**
 * The API words its refusals (ErrorTitle, ErrorMessage, field messages) in English. The texts it is known to use
 * are said in the interface language through the 'server-messages' namespace; anything else is shown as the API
 * words it. The English side comes from the server's own pure constants wherever the client may import them, so
 * a changed server text cannot silently stop matching (server-messages.spec.ts checks the copies below and those of
 * server-message-copies.ts against the server files).
 */

/** An i18n key of the namespace and the values its text takes; answers null when the key has no text. */
export type Translate = (key: string, values: Record<string, string>) => string | null;

/** A known text's key and values; `parts` are values that are known texts themselves, said in turn. */
type Match = { key: string; values: Record<string, string>; parts?: Record<string, Match> };
type Matcher = (text: string) => Match | null;

/**
 * The words of a stale version's 409 (kernel's envelope filter, booking-stream.ts, time-slot-group.ts): those
 * files are server code the client may not import, so this is a copy the spec compares with them.
 */
export const STALE_ITEM = 'This item was changed by someone else in the meantime. Reload it and try again.';

/** The titles of the kernel's envelope (STATUS_TITLES in envelope.ts, ValidationError's in app-error.ts): a copy, checked by the spec. */
export const ERROR_TITLES = {
  badRequest: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  conflict: 'Conflict',
  payloadTooLarge: 'Payload too large',
  unsupportedMediaType: 'Unsupported media type',
  unprocessable: 'Unprocessable request',
  tooManyRequests: 'Too many requests',
  serverError: 'Server error',
  serviceUnavailable: 'Service unavailable',
  validation: 'Validation error',
  // Titles a module gives its AppError itself (the spec checks each in its file): downloads (document-files.ts,
  // document-downloads.controller.ts, statements.service.ts), arrivals' upload, manifests' staff.
  notReady: 'Not ready',
  notAvailable: 'Not available',
  tooLarge: 'Too large',
  badRequestCapital: 'Bad Request',
  // OCTO_ERROR_TITLE of connectivity's octo-errors.ts: a provider's failures and a refused provider address.
  externalProvider: 'External provider',
} as const;

const exact =
  (key: string, text: string): Matcher =>
  (m) =>
    m === text ? { key, values: {} } : null;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A number no message carries by itself: where the server's function puts it is where the value goes. */
const PROBE = 987654321;

/** A message with a number in it, as the pattern of the server's own function (the number is `{{n}}` in the texts). */
function numbered(key: string, say: (n: number) => string): Matcher {
  const pattern = new RegExp(`^${say(PROBE).split(String(PROBE)).map(escapeRegExp).join('(\\d+)')}$`);
  return (m) => {
    const hit = pattern.exec(m);
    return hit ? { key, values: { n: hit[1]! } } : null;
  };
}

/** The pattern of one value of a template (ValueKind says what each matches). */
function valuePattern(kind: ValueKind): string {
  if (kind === 'number') return '(-?\\d+)';
  if (kind === 'label') return '([^:;]+?)';
  if (kind === 'rest') return '(.*?)';
  if (typeof kind === 'object' && 'choice' in kind) return `(${kind.choice.map(escapeRegExp).join('|')})`;
  return '(.+?)';
}

/** The matcher of a value that is a known text itself, or null for a plain value. */
function partMatcher(kind: ValueKind): Matcher | null {
  if (typeof kind !== 'object') return null;
  if ('message' in kind) return matcherOf(kind.key, kind.message);
  if ('oneOf' in kind) {
    const each = Object.entries(kind.oneOf).map(([name, text]) => exact(`${kind.prefix}.${name}`, text));
    return (m) => each.reduce<Match | null>((hit, match) => hit ?? match(m), null);
  }
  return null;
}

/** A message with named values, as the pattern of its English text (each value is `{{name}}` in the texts). */
function templated(key: string, { values, say }: Template): Matcher {
  const names: string[] = [];
  const source = say(Object.fromEntries(Object.keys(values).map((name) => [name, `{{${name}}}`])))
    .split(/(\{\{\w+\}\})/)
    .map((piece) => {
      const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
      const kind = name === undefined ? undefined : values[name];
      if (kind === undefined) return escapeRegExp(piece);
      names.push(name!);
      return valuePattern(kind);
    })
    .join('');
  const pattern = new RegExp(`^${source}$`, 's');
  const partMatchers = Object.entries(values).flatMap(([name, kind]) => {
    const match = partMatcher(kind);
    return match ? [[name, match] as const] : [];
  });
  return (m) => {
    const hit = pattern.exec(m);
    if (!hit) return null;
    const found = Object.fromEntries(names.map((name, i) => [name, hit[i + 1]!]));
    const parts: Record<string, Match> = {};
    for (const [name, match] of partMatchers) {
      const part = found[name] === undefined ? null : match(found[name]);
      if (part) parts[name] = part;
    }
    return Object.keys(parts).length ? { key, values: found, parts } : { key, values: found };
  };
}

function matcherOf(key: string, message: Message): Matcher {
  return typeof message === 'string' ? exact(key, message) : typeof message === 'function' ? numbered(key, message) : templated(key, message);
}

const fromConstants = (prefix: string, messages: Messages): Matcher[] => Object.entries(messages).map(([name, text]) => matcherOf(`${prefix}.${name}`, text));

/**
 * Every group of known server texts, by the i18n prefix of its keys: the server's own constants the client may
 * import, then the copies (server-message-copies.ts). The spec says each of them in both languages.
 */
export const MESSAGE_GROUPS: readonly (readonly [prefix: string, messages: Messages])[] = [
  ['seats', SEAT_MESSAGES],
  ['booking', BOOKING_MESSAGES],
  ['timeSlots', TIME_SLOT_MESSAGES],
  ['contracts', CONTRACT_MESSAGES],
  ['resellerKeys', RESELLER_KEY_MESSAGES],
  // A provider's form rules, its refused address (at save, in the field, and at a call, as the message) and an OCTO
  // id that would leave its path segment (the controller puts the parameter's name first).
  ['providers', { ...EXTERNAL_PROVIDER_MESSAGES, address: PROVIDER_ADDRESS_MESSAGE, pathSafe: template({ label: 'label' }, (v) => `${v.label} ${OCTO_ID_PATH_MESSAGE}`) }],
  ...COPIED_MESSAGES.map((c) => [c.prefix, c.messages] as const),
];

/** Exact texts first: 'Only 1 place left' and 'No places left' are seatsLeft's words for 1 and 0, not its pattern. */
const KNOWN: Matcher[] = [
  exact('seats.none', SEAT_MESSAGES.seatsLeft(0)),
  exact('seats.one', SEAT_MESSAGES.seatsLeft(1)),
  ...MESSAGE_GROUPS.flatMap(([prefix, messages]) => fromConstants(prefix, messages)),
  exact('conflict.stale', STALE_ITEM),
  ...Object.entries(ERROR_TITLES).map(([name, text]) => exact(`titles.${name}`, text)),
];

/** The key and values of a known text, or null. */
export function knownServerMessage(text: string): Match | null {
  for (const match of KNOWN) {
    const hit = match(text);
    if (hit) return hit;
  }
  return null;
}

/** A match in the interface language, its parts said first (a part without text keeps the API's words). */
function sayMatch(hit: Match, t: Translate): string | null {
  const values = { ...hit.values };
  for (const [name, part] of Object.entries(hit.parts ?? {})) values[name] = sayMatch(part, t) ?? values[name]!;
  return t(hit.key, values);
}

const FIELD_PREFIX = /^([\w.[\]]+): (.+)$/s;

/** One text: a known one translated, a 'field: message' part with its message translated; otherwise null. */
function translateOne(text: string, t: Translate): string | null {
  const hit = knownServerMessage(text);
  if (hit) return sayMatch(hit, t);
  const prefixed = FIELD_PREFIX.exec(text);
  const inner = prefixed ? translateOne(prefixed[2]!, t) : null;
  return inner === null ? null : `${prefixed![1]}: ${inner}`;
}

/**
 * A server text in the interface language: a known text as a whole, else each '; '-joined part (the validation
 * pipe joins its field messages so); the text as the API words it when no part is known.
 */
export function translateServerMessage(text: string, t: Translate): string {
  const whole = translateOne(text, t);
  if (whole !== null) return whole;
  const parts = text.split('; ');
  if (parts.length < 2) return text;
  const said = parts.map((p) => translateOne(p, t));
  return said.some((s) => s !== null) ? said.map((s, i) => s ?? parts[i]!).join('; ') : text;
}

/** A refusal's Content with its field messages ({errors: {field: [messages]}}) translated; anything else as it is. */
export function translateServerContent(content: unknown, t: Translate): unknown {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  const body = content as Record<string, unknown>;
  const name = 'errors' in body ? 'errors' : 'Errors' in body ? 'Errors' : null;
  const errors = name ? body[name] : null;
  if (!errors || typeof errors !== 'object') return content;
  const say = (v: unknown) => (typeof v === 'string' ? translateServerMessage(v, t) : v);
  const translated = Object.fromEntries(Object.entries(errors as Record<string, unknown>).map(([field, v]) => [field, Array.isArray(v) ? v.map(say) : say(v)]));
  return { ...body, [name!]: translated };
}
