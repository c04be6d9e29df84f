import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** The field messages of a refused save: the envelope's `Content.errors` ({field: [messages]}); {} for anything else. */
export function serverFieldErrors(content: unknown): Record<string, string[]> {
  if (!content || typeof content !== 'object') return {};
  const raw = (content as Record<string, unknown>).errors ?? (content as Record<string, unknown>).Errors;
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const list = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
    if (list.length) out[k] = list;
  }
  return out;
}

export interface PlacedServerErrors<F extends FieldValues> {
  /** The first form field that received a message (to open its tab or focus it), or null. */
  first: FieldPath<F> | null;
  /** The overall message, then the messages no form field takes (as `field: message`). */
  general: string[];
}

/**
 * Puts a failed save's field messages on the form's fields (`pathOf` maps the server's field key to a form
 * path, or null when the form has no such field) and answers what is left for the page's error summary.
 */
export function placeServerErrors<F extends FieldValues>(err: unknown, pathOf: (serverKey: string) => string | null, setError: UseFormSetError<F>): PlacedServerErrors<F> {
  // An ApiError carries the envelope's Content (read by shape: this file stays free of the api client, for its spec).
  const fields = err instanceof Error && 'content' in err ? serverFieldErrors(err.content) : {};
  let first: FieldPath<F> | null = null;
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const path = pathOf(key) as FieldPath<F> | null;
    if (path) {
      setError(path, { type: 'server', message: messages.join(' ') });
      first ??= path;
    } else unplaced.push(...messages.map((m) => `${key}: ${m}`));
  }
  const message = err instanceof Error ? err.message : String(err);
  return { first, general: [...new Set([message, ...unplaced])] };
}

const camel = (segment: string) => (segment ? segment[0]!.toLowerCase() + segment.slice(1) : segment);

/** A server field key's segments in the form's spelling: 'Itineraries[1].Stops[0].Name' → itineraries, 1, stops, 0, name. */
export function serverFieldSegments(key: string): string[] {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map(camel);
}

/**
 * A refusal's message without the raw field keys the API puts before each field's message ('departureDate: …'), for
 * a dialog that shows it in one place under fields it names in words: each of those messages names its field itself
 * ('Departure date is before the arrival date'). Keys the dialog does not know stay, as they say where the fault is.
 */
export function withoutFieldKeys(message: string, keys: readonly string[]): string {
  const known = new Set(keys);
  return message
    .split('; ')
    .map((part) => {
      const keyed = /^([A-Za-z]\w*): ([\s\S]*)$/.exec(part);
      return keyed && known.has(keyed[1]!) ? keyed[2]! : part;
    })
    .join('; ');
}
