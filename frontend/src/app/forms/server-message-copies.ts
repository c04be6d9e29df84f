/**
 * Server refusals whose words live in server code the client may not import (Nest handlers, deciders with kernel
 * imports): copies, each group with the server files that say them. server-messages.spec.ts reads those files and
 * fails when a copy no longer matches what one of them says, so a changed server text cannot silently go untranslated.
 */

/** How a value of a message is matched: digits, any text, or a text that is itself a known message (said in turn). */
export type ValueKind = 'number' | 'text' | { message: Message; key: string };

/** A message with named values: `say` answers the English text with each value where the server puts it. */
export interface Template {
  values: Record<string, ValueKind>;
  say: (v: Record<string, string>) => string;
}

/** A fixed text; a text with one number (`{{n}}` in the translations); a text with named values. */
export type Message = string | ((n: number) => string) | Template;
export type Messages = Record<string, Message>;

export const template = (values: Template['values'], say: Template['say']): Template => ({ values, say });

/** One group of copies: the i18n prefix of its keys, the server files that say them, and the texts. */
export interface CopiedMessages {
  prefix: string;
  /** Repository-relative; every message is said by at least one of them. */
  files: readonly string[];
  messages: Messages;
}

/** The code list of the stock's refusals: five codes, then how many more (ticket-stock.ts's preview). */
export const CODES_MORE = template({ codes: 'text', n: 'number' }, ({ codes, n }) => `${codes} and ${n} more`);
const codes: ValueKind = { message: CODES_MORE, key: 'stock.codesMore' };

export const COPIED_MESSAGES: readonly CopiedMessages[] = [
  {
    prefix: 'common',
    files: ['modules/booking/src/bookings/booking-facts.ts', 'modules/scheduling/src/pickup-times/pickup-time.ts', 'modules/booking/src/bookings/booking.ts', 'modules/booking/src/bookings/create-booking.handler.ts', 'modules/identity/src/users/user-email.ts', 'modules/booking/src/contracts/contract.handlers.ts'],
    messages: {
      hotelNotFound: 'Hotel not found',
      bookingExists: (n) => `Booking ${n} already exists`,
      emailTaken: template({ email: 'text' }, ({ email }) => `A user with the email ${email} already exists`),
    },
  },
  {
    // PICKUP_TIME_NOT_FOUND is TIME_SLOT_MESSAGES.notFound's text, and 'Hotel not found' is common's.
    prefix: 'pickUpTimes',
    files: ['modules/scheduling/src/pickup-times/pickup-time.ts', 'modules/scheduling/src/time-slots/save-time-slot-group.handler.ts'],
    messages: {
      name: 'Pick up time name is required',
      time: 'Pick up time must be between 00:00 and 23:59',
      startAfterEnd: 'Pick up start time must not be after its end time',
      duplicateRegion: 'A region may have only one pick-up time',
      duplicateHotel: 'A hotel may have only one pick-up time',
      region: 'Region not found',
      notOwned: 'Pick-up time not found or you are not allowed to use it',
    },
  },
  {
    // DEPARTURE_MESSAGES.capacity is TIME_SLOT_MESSAGES.capacity's text (the spec checks that too).
    prefix: 'departures',
    files: ['modules/scheduling/src/departures/departure.ts'],
    messages: {
      past: 'A date in the past cannot be changed',
      chooseSlot: "This group's time slots have seats of their own: choose a time slot",
      chooseGroup: "This group's time slots share the group's seats: choose the group, not a time slot",
      belowTaken: (n) => `Capacity cannot be less than the ${n} seats already taken or held on this date`,
    },
  },
  {
    // booking-checkin.pure.ts is pure, but it imports @tbo/event-schemas, which the client's compiler does not take.
    prefix: 'checkin',
    files: ['modules/booking/src/pure/booking-checkin.pure.ts', 'modules/documents/src/checkin/checkin.controller.ts'],
    messages: {
      alreadyRedeemed: template({ at: 'text', name: 'text' }, ({ at, name }) => `This booking was already redeemed at ${at} by ${name}.`),
      alreadyNoShow: template({ at: 'text', name: 'text' }, ({ at, name }) => `This booking was already marked as a no-show at ${at} by ${name}.`),
      cancelled: 'The booking is cancelled: the guest cannot be checked in.',
      pending: 'The booking is not confirmed yet: confirm it before checking the guest in.',
      notAssigned: 'You are not assigned to this booking’s tour on that day',
    },
  },
  {
    prefix: 'manifests',
    files: ['modules/documents/src/manifests/manifests.controller.ts'],
    messages: { staffOnly: 'Only a driver or guide of your company can be assigned' },
  },
  {
    // 'The file is not an Excel workbook (.xlsx)' (ticket-codes.input.ts) is arrivals' notXlsx text.
    prefix: 'stock',
    files: ['modules/documents/src/tickets/ticket-stock.ts', 'modules/documents/src/tickets/ticket-stock.controller.ts'],
    messages: {
      empty: 'Add at least one ticket code',
      listedTwice: template({ codes }, (v) => `Listed more than once: ${v.codes}`),
      inStock: template({ codes }, (v) => `Already in stock: ${v.codes}`),
      expired: template({ codes }, (v) => `Already expired: ${v.codes}`),
      unknown: template({ codes }, (v) => `Not in this stock: ${v.codes}`),
      allocated: template({ codes }, (v) => `Held by a booking: ${v.codes}`),
      short: template({ name: 'text', date: 'text', needed: 'number', left: 'number' }, (v) => `Not enough tickets "${v.name}" for ${v.date}: ${v.needed} needed, ${v.left} available`),
      typeNotFound: 'Ticket type not found',
      codesOrFile: 'Type the codes or choose an .xlsx file',
    },
  },
  {
    // The refusals of a preview's lines (REFUSAL_TEXT).
    prefix: 'stockLines',
    files: ['modules/documents/src/tickets/ticket-codes.input.ts'],
    messages: {
      badCode: 'Not a valid code (letters, digits or signs, no spaces, at most 100)',
      badDate: 'Not a valid expiry date (YYYY-MM-DD or DD.MM.YYYY)',
      listedTwice: 'Listed more than once',
      inStock: 'Already in stock',
      expired: 'Already expired',
    },
  },
  {
    prefix: 'arrivals',
    files: [
      'modules/arrivals/src/lists/import-arrivals.handler.ts',
      'modules/arrivals/src/lists/arrival-list.ts',
      'modules/arrivals/src/groups/arrival-group.ts',
      'modules/arrivals/src/groups/arrival-group.handlers.ts',
      'modules/arrivals/src/import/arrival-sheet.ts',
      'modules/arrivals/src/arrivals.controller.ts',
    ],
    messages: {
      hotelMissing: (n) => `Hotel ${n} does not exist: choose a hotel from the list`,
      agencyMissing: (n) => `Agency ${n} does not exist: choose an agency from the list`,
      hotelField: 'The hotel does not exist',
      agencyField: 'The agency does not exist',
      listName: 'Arrival list name is required',
      listNotFound: 'Arrival list not found or you are not allowed to manage it',
      groupNotFound: 'Arrival group not found or you are not allowed to manage it',
      status: 'Status must be Pending, Purchased Diff. Name, Cancelled or Non tourist',
      flag: 'Choose one way of contact: call, meet in person, messenger or letter in lobby, initiated or responded',
      meetingTime: 'A meeting needs its time window, or no time',
      staffNotFound: 'Sales staff not found',
      tooLarge: 'The file is too large: an arrival list may be at most 20 MB',
      notXlsx: 'The file is not an Excel workbook (.xlsx)',
      empty: 'The file has no rows',
      requiredColumn: template({ label: 'text' }, ({ label }) => `The file has no ${label} column`),
      tooMany: (n) => `An arrival list may have at most ${n} rows`,
      paxId: 'Pax Id is required',
      touristName: 'Tourist name is required',
      paxTwice: template({ paxId: 'text', row: 'number' }, ({ paxId, row }) => `Pax Id ${paxId} is already on row ${row}`),
      tooLong: template({ label: 'text', max: 'number' }, ({ label, max }) => `${label} is too long (at most ${max} characters)`),
      notADate: template({ label: 'text', value: 'text' }, ({ label, value }) => `${label} '${value}' is not a date`),
      departureBeforeArrival: 'Departure date is before the arrival date',
      groupId: template({ value: 'text' }, ({ value }) => `Group Id '${value}' is not a whole number`),
      age: template({ value: 'text' }, ({ value }) => `Age '${value}' is not a whole number from 0 to 150`),
    },
  },
];

