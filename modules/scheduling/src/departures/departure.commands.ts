import { z } from 'zod';
import { afterParam, businessDateInput, idNumber, wholeNumber, type CommandContext } from '@tbo/kernel';
import { TIME_SLOT_LIMITS } from '../pure/time-slot-rules.pure';

/*
 * The availability chart's calls (spec 02 names none; they are ours). Types, ids and formats are checked here;
 * the rules (past dates, the group's kind of departure, seats taken) by the decider.
 */

/** The longest window one read answers: a quarter (the benchmark asks for 90 days). */
export const AVAILABILITY_DAYS_MAX = 120;

const date = businessDateInput;

/** GET /api/availability?from=YYYY-MM-DD&days=14[&after=position]: from defaults to today (Dubai), days to 14. */
export const availabilityQuery = z
  .object({
    from: date('from').optional(),
    days: z
      .string({ message: 'days must be a whole number' })
      .regex(/^\d{1,3}$/, `days must be a whole number from 1 to ${AVAILABILITY_DAYS_MAX}`)
      .transform(Number)
      .pipe(wholeNumber('days', 1, AVAILABILITY_DAYS_MAX))
      .optional()
      .transform((v) => v ?? 14),
    after: afterParam,
  })
  .strict();
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

const departure = {
  groupId: idNumber('groupId'),
  /** Only for a slot of a group whose slots are independent; absent, null or 0 for the group's own departure. */
  timeSlotId: z
    .union([idNumber('timeSlotId'), z.literal(0), z.null()], { message: 'timeSlotId must be a time slot id or null' })
    .optional()
    .transform((v) => v || null),
  date: date('date'),
};

/** POST /api/availability/close and /reopen. */
export const departureInput = z.object(departure).strict();
export type DepartureInput = z.output<typeof departureInput>;

/** POST /api/availability/capacity: the date's own capacity, or null to give it back the group's (or slot's). */
export const departureCapacityInput = z
  .object({
    ...departure,
    capacity: z.union([wholeNumber('Capacity', 0, TIME_SLOT_LIMITS.capacityMax), z.null()], { message: `Capacity must be a whole number from 0 to ${TIME_SLOT_LIMITS.capacityMax}, or null` }),
  })
  .strict();
export type DepartureCapacityInput = z.output<typeof departureCapacityInput>;

export type DepartureChange = { kind: 'close' } | { kind: 'reopen' } | { kind: 'capacity'; capacity: number | null };

export class ChangeDepartureCommand {
  constructor(
    readonly supplierId: number,
    readonly departure: DepartureInput,
    readonly change: DepartureChange,
    readonly context: CommandContext,
  ) {}
}
