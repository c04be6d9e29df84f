import { z } from 'zod';
import { isDateInRange } from '@tbo/kernel';
import { badRequest, invalidAvailability, invalidOption, invalidProduct, OCTO_MESSAGES } from '../pure/octo-problem.pure';
import { currencyOf, type OctoCurrency } from '../pure/octo-pricing.pure';
import { parseAvailabilityId, plusDays } from '../pure/octo-time.pure';

/** The longest date range one request may ask: stream reads for a check, one read-table query for a calendar. */
export const AVAILABILITY_DAYS_MAX = 62;
export const CALENDAR_DAYS_MAX = 366;

export interface AvailabilityQuery {
  productId: string;
  optionId: string;
  /** Every date asked, in order (for availabilityIds: filled in from the ids). */
  dates: string[];
  availabilityIds?: string[];
  units?: { id: string; quantity: number }[];
  currency: OctoCurrency;
}

// The same words as the bookings list's dates (octo-reservation-reader.ts), after the field's name.
const date = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const body = z.looseObject({
  productId: z.unknown().optional(),
  optionId: z.unknown().optional(),
  localDate: date.optional(),
  localDateStart: date.optional(),
  localDateEnd: date.optional(),
  availabilityIds: z.array(z.string().max(100)).min(1).max(500).optional(),
  units: z.array(z.looseObject({ id: z.string().max(100), quantity: z.number().int().min(0).max(10_000) })).max(50).optional(),
  currency: z.unknown().optional(),
});

/** The first problem zod found, said as the field and why. */
const why = (e: z.ZodError) => {
  const i = e.issues[0]!;
  return `${i.path.join('.') || 'body'}: ${i.message}`;
};

/**
 * An availability or calendar request body: BAD_REQUEST for a wrong shape or no dates; a missing product or
 * option is the standard's INVALID_PRODUCT_ID / INVALID_OPTION_ID. `availabilityIds` only for the check.
 */
export function availabilityQuery(raw: unknown, kind: 'check' | 'calendar'): AvailabilityQuery {
  const parsed = body.safeParse(raw ?? {});
  if (!parsed.success) throw badRequest(why(parsed.error));
  const b = parsed.data;
  if (typeof b.productId !== 'string' || !b.productId) throw invalidProduct(b.productId);
  if (typeof b.optionId !== 'string' || !b.optionId) throw invalidOption(b.optionId);
  const currency = currencyOf(b.currency);
  if (!currency) throw badRequest(OCTO_MESSAGES.currency);
  const base = { productId: b.productId, optionId: b.optionId, currency, ...(b.units ? { units: b.units.map((u) => ({ id: u.id, quantity: u.quantity })) } : {}) };
  if (kind === 'check' && b.availabilityIds) {
    // An id that is none of ours at all is the standard's INVALID_AVAILABILITY_ID, not an empty answer.
    const unreadable = b.availabilityIds.find((id) => !parseAvailabilityId(id));
    if (unreadable !== undefined) throw invalidAvailability(unreadable);
    return { ...base, dates: [], availabilityIds: b.availabilityIds };
  }
  const start = b.localDate ?? b.localDateStart;
  const end = b.localDate ?? b.localDateEnd;
  if (!start || !end) throw badRequest(OCTO_MESSAGES.dates);
  if (end < start) throw badRequest(OCTO_MESSAGES.reversed);
  // Past the calendar's end the day-by-day walk below would never reach `end` (it would then answer 'may span').
  if (![start, end].every((d) => isDateInRange(d))) throw badRequest(OCTO_MESSAGES.years);
  const max = kind === 'check' ? AVAILABILITY_DAYS_MAX : CALENDAR_DAYS_MAX;
  const dates: string[] = [];
  for (let d = start; d <= end; d = plusDays(d, 1)) {
    if (dates.length >= max) throw badRequest(OCTO_MESSAGES.range(max));
    dates.push(d);
  }
  return { ...base, dates };
}
