/**
 * How a provider's OCTO catalog becomes what the time slot editor's external fields need (spec 02 §2 Time slot
 * edit, §7). Pure: the shapes here are also the answers' types, for the web client.
 */

/** Spec 02 §5, word for word: the chosen external product has no start times. */
export const NO_EXTERNAL_TIME_SLOTS = 'No time slots for selected product. Maybe it should be guest defines time?';

/**
 * One entry of GET /api/timeslots/externaloffers: one per product, so a dropdown's values are unique. `id` is the
 * OCTO product id (what a time slot stores as externalProductId), `name` its internal name (else its title, else
 * its id). `options` are the product's OCTO options, the default one first; externaltimeslots takes an optionId
 * and, without one, uses the default option.
 */
export interface ExternalOffer {
  id: string;
  name: string;
  options: { id: string; name: string; isDefault: boolean }[];
}

/**
 * One entry of GET /api/timeslots/externaltimeslots: a start time of the product. OCTO availability ids name a
 * date as well as a time, so the stable identity of a departure time is the local time itself: `id` and `name`
 * are both 'HH:MM'; `startMinutes` is minutes after midnight.
 */
export interface ExternalTimeSlot {
  id: string;
  name: string;
  startMinutes: number;
}

/** The parts of an OCTO product this file reads (an OctoProduct fits it). */
export interface CatalogOption {
  id: string;
  default?: boolean | null;
  internalName?: string | null;
  title?: string | null;
  availabilityLocalStartTimes?: string[] | null;
}

export interface CatalogProduct {
  id: string;
  internalName?: string | null;
  title?: string | null;
  availabilityType?: string | null;
  options: CatalogOption[];
}

const nameOf = (x: { id: string; internalName?: string | null; title?: string | null }) => x.internalName?.trim() || x.title?.trim() || x.id;

const byName = (a: ExternalOffer, b: ExternalOffer) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

export function externalOffersOf(products: readonly CatalogProduct[]): ExternalOffer[] {
  return products
    .map((p) => {
      const preferred = chooseOption(p);
      const options = p.options.map((o) => ({ id: o.id, name: nameOf(o), isDefault: o === preferred }));
      return { id: p.id, name: nameOf(p), options: [...options.filter((o) => o.isDefault), ...options.filter((o) => !o.isDefault)] };
    })
    .sort(byName);
}

/** The option asked for; without one, the provider's default option, else the first. Undefined when not there. */
export function chooseOption(product: CatalogProduct, optionId?: string): CatalogOption | undefined {
  if (optionId) return product.options.find((o) => o.id === optionId);
  return product.options.find((o) => o.default) ?? product.options[0];
}

/**
 * OPENING_HOURS products are visited at any time the place is open: their only "start time" is OCTO's
 * placeholder '00:00', and in our terms they are the Anytime time type, not fixed slots.
 */
export const hasOpeningHours = (product: CatalogProduct) => product.availabilityType?.trim().toUpperCase() === 'OPENING_HOURS';

/** 'HH:MM' or 'HH:MM:SS' → minutes after midnight; null when it is not a time of day. */
export function minutesOf(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : null;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Distinct times of day, earliest first; entries that are not times are skipped. */
export function timeSlotsOf(times: readonly string[]): ExternalTimeSlot[] {
  const minutes = [...new Set(times.map(minutesOf).filter((m): m is number => m !== null))].sort((a, b) => a - b);
  return minutes.map((m) => ({ id: hhmm(m), name: hhmm(m), startMinutes: m }));
}

/**
 * The local start times in availability items: the HH:MM of localDateTimeStart as written (it is already the
 * product's local time, with its offset after). All-day items have no start time.
 */
export function startTimesInAvailability(items: readonly { localDateTimeStart: string; allDay?: boolean | null }[]): string[] {
  return items.filter((a) => !a.allDay).flatMap((a) => /T(\d{2}:\d{2})/.exec(a.localDateTimeStart)?.[1] ?? []);
}

/** YYYY-MM-DD of `date` shifted by `days`, in a fixed UTC offset (Dubai: +4 hours, no daylight saving). */
export function localDate(date: Date, days = 0, offsetHours = 4): string {
  return new Date(date.getTime() + offsetHours * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
