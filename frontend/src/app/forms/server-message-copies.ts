import { NAME_MESSAGE_COPIES } from './name-message-copies';
import { PROJECTION_MESSAGE_COPIES } from './projection-message-copies';
import { PROVIDER_CALL_COPIES } from './provider-call-copies';
import { RULE_MESSAGE_COPIES } from './rule-message-copies';
import { SERVICE_MESSAGE_COPIES } from './service-message-copies';
import { template, type CopiedMessages, type ValueKind } from './copied-message-types';

export * from './copied-message-types';

/*
 * Server refusals whose words live in server code the client may not import: copies, each group with the server files
 * that say them (more groups in name-, provider-call- and rule-message-copies.ts). server-messages.spec.ts fails when
 * a copy no longer matches what one of its files says, so a changed server text cannot silently go untranslated.
 */

/** The code list of the stock's refusals: five codes, then how many more (ticket-stock.ts's preview). */
export const CODES_MORE = template({ codes: 'text', n: 'number' }, ({ codes, n }) => `${codes} and ${n} more`);
const codes: ValueKind = { message: CODES_MORE, key: 'stock.codesMore' };

/**
 * FIELD_LABELS of arrival-columns.ts, each text once (hotelId and hotelName are both 'Hotel'): the names an import's
 * reasons and its column mapping give the fields. The spec checks that every label of that file is here.
 */
export const ARRIVAL_FIELD_LABELS = {
  paxId: 'Pax Id', touristName: 'Tourist name', groupId: 'Group Id', hotel: 'Hotel', agency: 'Agency',
  arrivalDate: 'Arrival date', arrivalTime: 'Arrival time', departureDate: 'Departure date', departureTime: 'Departure time',
  birthDate: 'Birth date', age: 'Age', touristPhone: 'Phone', touristEmail: 'Email', touristCountry: 'Country',
  roomType: 'Room type', accType: 'Accommodation type', mealType: 'Meal type',
  arrivalFlight: 'Arrival flight', arrivalTerminal: 'Arrival terminal', arrivalTransport: 'Arrival transport',
  departureFlight: 'Departure flight', departureTerminal: 'Departure terminal', departureTransport: 'Departure transport',
  pickUpTime: 'Pick-up time', hotelConfirmationNumber: 'Hotel confirmation number', agentConfirmationNumber: 'Agent confirmation number', notes: 'Notes',
} as const;
const fieldLabel: ValueKind = { oneOf: ARRIVAL_FIELD_LABELS, prefix: 'arrivalFields' };

/** DOCUMENT_KINDS of the booking events: the document a download's 'Not ready' names. */
export const DOCUMENT_KIND_NAMES = { invoice: 'invoice', voucher: 'voucher', tickets: 'tickets' } as const;
const documentKind: ValueKind = { oneOf: DOCUMENT_KIND_NAMES, prefix: 'documentKinds' };

/** A field's label as the shared input rules put it first (a raw field key or a person's word; kept as sent). */
const label: ValueKind = 'label';

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
    files: ['modules/scheduling/src/departures/departure.ts', 'modules/scheduling/src/departures/departures-in-use.ts'],
    messages: {
      past: 'A date in the past cannot be changed',
      chooseSlot: "This group's time slots have seats of their own: choose a time slot",
      chooseGroup: "This group's time slots share the group's seats: choose the group, not a time slot",
      belowTaken: (n) => `Capacity cannot be less than the ${n} seats already taken or held on this date`,
      seatsBeingCounted: 'The seats of this group are still being counted: try again in a moment',
    },
  },
  {
    // A group's save: its slots' seat sharing (the date: the first departure in use, DD.MM.YYYY) and a slot's provider.
    prefix: 'timeSlotGroups',
    files: ['modules/scheduling/src/time-slots/time-slot-group.ts', 'modules/scheduling/src/time-slots/save-time-slot-group.handler.ts'],
    messages: {
      seatSharingLocked: template({ date: 'text' }, (v) => `The slots' seat sharing cannot change: departures from ${v.date} on have seats sold or held, closed dates or a capacity of their own`),
      providerNotOwned: 'External provider not found or you are not allowed to use it',
    },
  },
  {
    // The provider's refusal the pure files do not hold (its form rules, refused address and path rule are imported).
    prefix: 'providers',
    files: ['modules/connectivity/src/providers/external-provider.ts'],
    messages: { notFound: 'External provider not found or you are not allowed to manage it' },
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
      notYet: template({ date: 'text' }, ({ date }) => `Check-in opens on the day of the tour, ${date}.`),
      notAssigned: 'You are not assigned to this booking’s tour on that day',
    },
  },
  {
    prefix: 'manifests',
    files: ['modules/documents/src/manifests/manifests.controller.ts'],
    messages: { staffOnly: 'Only a driver or guide of your company can be assigned', slotNotFound: 'Time slot not found' },
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
      agencyMissing: (n) => `Agency ${n} is not one of your contracted agencies: choose an agency from the list`,
      hotelField: 'The hotel does not exist',
      agencyField: 'Choose one of your contracted agencies',
      listName: 'Arrival list name is required',
      listNotFound: 'Arrival list not found or you are not allowed to manage it',
      groupNotFound: 'Arrival group not found or you are not allowed to manage it',
      status: 'Status must be Pending, Purchased Diff. Name, Cancelled or Non tourist',
      flag: 'Choose one way of contact: call, meet in person, messenger or letter in lobby, initiated or responded',
      meetingTime: 'A meeting needs its time window, or no time',
      meetingEnd: 'A meeting cannot end before it starts',
      staffNotFound: 'Sales staff not found',
      tooLarge: 'The file is too large: an arrival list may be at most 20 MB',
      notXlsx: 'The file is not an Excel workbook (.xlsx)',
      empty: 'The file has no rows',
      requiredColumn: template({ label: fieldLabel }, ({ label }) => `The file has no ${label} column`),
      tooMany: (n) => `An arrival list may have at most ${n} rows`,
      paxId: 'Pax Id is required',
      touristName: 'Tourist name is required',
      paxTwice: template({ paxId: 'text', row: 'number' }, ({ paxId, row }) => `Pax Id ${paxId} is already on row ${row}`),
      tooLong: template({ label: fieldLabel, max: 'number' }, ({ label, max }) => `${label} is too long (at most ${max} characters)`),
      notADate: template({ label: fieldLabel, value: 'text' }, ({ label, value }) => `${label} '${value}' is not a date`),
      departureBeforeArrival: 'Departure date is before the arrival date',
      groupId: template({ value: 'text' }, ({ value }) => `Group Id '${value}' is not a whole number`),
      age: template({ value: 'text' }, ({ value }) => `Age '${value}' is not a whole number from 0 to 150`),
    },
  },
  { prefix: 'arrivalFields', files: ['modules/arrivals/src/import/arrival-columns.ts'], messages: ARRIVAL_FIELD_LABELS },
  { prefix: 'documentKinds', files: ['event-schemas/src/booking/booking-events.ts'], messages: DOCUMENT_KIND_NAMES },
  ...NAME_MESSAGE_COPIES,
  ...PROVIDER_CALL_COPIES,
  ...PROJECTION_MESSAGE_COPIES,
  ...RULE_MESSAGE_COPIES,
  ...SERVICE_MESSAGE_COPIES,
  {
    // Refused downloads: the invoice, a voucher, the tickets (their titles are ERROR_TITLES' notReady and notAvailable).
    prefix: 'documents',
    files: ['modules/documents/src/downloads/document-files.ts', 'modules/documents/src/downloads/document-downloads.controller.ts'],
    messages: {
      notReady: template({ kind: documentKind }, ({ kind }) => `The ${kind} is still being made. Please try again in a minute.`),
      declined: 'The booking was declined: it has no documents.',
      voucherVoid: 'The booking is cancelled: its voucher is no longer valid.',
      ticketsVoid: 'The booking is cancelled: its tickets are no longer valid.',
      noTickets: 'The booking holds no ticket codes: tickets can be downloaded once it is confirmed and its codes are allocated.',
    },
  },
  {
    // The statements, and the reports as of a moment (asOfBusy: AsOfBuildsBusyError's words, the 429).
    prefix: 'statements',
    files: ['modules/reports/src/statements/commission-statement.ts', 'modules/reports/src/statements/statements.service.ts', 'modules/reports/src/reports.controller.ts', 'read-models/src/reports/report-asof.ts'],
    messages: {
      alreadyIssued: 'The statement for this month is already issued',
      laterIssued: "A later month's statement is already issued: changes go on the next one",
      future: 'A statement can be issued for the current month or an earlier one',
      empty: 'There is nothing to put on this statement: no commission changed',
      changed: 'The statements changed in the meantime. Reload and try again.',
      tooLong: (n) => `A statement holds at most ${n} lines`,
      notFound: 'The statement was not found or you are not allowed to see it',
      updating: 'The commission figures are being updated. Try again in a moment.',
      asOfNotReady: 'The report as of that moment is not ready yet',
      asOfBusy: (n) => `${n} reports as of a moment are being built already: try again once one of them is ready`,
      asOfFuture: 'The moment must not be in the future',
    },
  },
  {
    prefix: 'passwords',
    files: ['modules/identity/src/passwords/password-policy.ts'],
    messages: {
      required: 'Enter a new password',
      repeatRequired: 'Repeat the new password',
      currentRequired: 'Enter your current password',
      tooShort: (n) => `The new password must be at least ${n} characters long`,
      tooLong: (n) => `The new password must be at most ${n} characters long`,
      repeatMismatch: 'The new password and its repeat do not match',
      common: 'This password is one of the most common ones and easy to guess. Choose another one.',
      wrongCurrent: 'The current password is not correct',
    },
  },
  {
    prefix: 'users',
    files: [
      'modules/identity/src/auth/sign-in-throttle.ts',
      'modules/identity/src/users/user.commands.ts',
      'modules/identity/src/users/user.ts',
      'modules/identity/src/staff/staff.inputs.ts',
      'modules/identity/src/staff/staff.service.ts',
      'modules/identity/src/staff/staff-roster.ts',
    ],
    messages: {
      // 'minute' or 'minutes': the ru text says 'мин.' for both.
      signInLocked: template({ n: 'number', s: { choice: ['', 's'] } }, ({ n, s }) => `Too many sign-in attempts. Try again in ${n} minute${s}.`),
      emailInvalid: 'Enter a valid email address',
      emailRequired: 'Email address is required',
      rolesRequired: 'At least one role is required',
      fullNameRequired: 'Full name is required',
      roleRefused: template({ roles: 'text' }, ({ roles }) => `A staff member cannot have the role ${roles}`),
      notFound: 'User not found',
      impersonationNotAllowed: 'Only a superadmin may log in as a user of another supplier or agency',
      lastAdmin: 'The last admin cannot be removed: make another user an admin first',
      cannotDeactivateSelf: 'You cannot deactivate yourself',
      logInAsSelf: 'You cannot log in as yourself',
      cannotSetOwnPassword: 'Change your own password on the account page: it asks for your current one',
    },
  },
  {
    // OFFER_MESSAGES.ticketType is the stock's typeNotFound text; periodVersion is VALID_PERIOD_VERSION_REQUIRED.
    prefix: 'offers',
    files: ['modules/catalog/src/offers/offer.ts', 'modules/catalog/src/offers/offer.commands.ts'],
    messages: {
      code: 'Ticket code is required',
      displayName: 'Ticket display name is required',
      minPeople: 'Minimum number of people is required',
      maxPeople: 'Maximum number of people is required',
      maxBelowMin: 'Maximum number of people cannot be less than the minimum number of people',
      duration: 'Minimum duration is 1 hour',
      durationMax: 'Duration is at most 9999 hours',
      advancePayment: 'Minimum advanced payment must be between 0 and 100',
      childAge: 'Child age is required and must be between 1 and 18',
      infantAge: 'Infant age is required and must be between 1 and 18',
      adultTicket: 'Adult ticket is required',
      childTicket: 'Child ticket is required',
      infantTicket: 'Infant ticket is required',
      periodEnd: 'Period end must be after period start',
      prices: 'Prices are not consistent with the VAT, conversion rate and commissions',
      origin: 'Origin city not found',
      photo: 'Photo not found in your media library',
      heroImage: 'Hero image not found in your media library',
      timeSlots: 'Time slot not found or you are not allowed to use it',
      periodVersion: "The ticket's version is required to change a saved valid period: send the version the editor loaded",
    },
  },
  {
    // TOUR_MESSAGES' photo and heroImage are the offers' texts.
    prefix: 'tours',
    files: ['modules/catalog/src/tours/tour.ts'],
    messages: {
      code: 'Tour code is required',
      displayName: 'Tour display name is required',
      url: 'Url is required',
      language: 'Language is required',
      categories: 'At least one tour category is required',
      linkTitle: 'Link title is required',
      linkUrl: 'Link Url is required',
      links: 'All external links should have specified Title and valid Url',
      video: 'Video url must be a YouTube or Vimeo link',
      itineraryName: 'Itinerary name is required',
      stopName: 'itinerary stop name is required',
      city: 'City not found',
      category: 'Tour category not found',
    },
  },
  {
    prefix: 'cancellationPolicy',
    files: ['modules/kernel/src/rules/cancellation-policy.ts'],
    messages: {
      zero: 'Cancellation policy: hours and refund percent must both be above 0',
      hours: 'Cancellation policy: hours must be a whole number of at least 1',
      percents: 'Cancellation policy: refund percent must be between 1 and 100',
      tooLong: (n) => `Cancellation policy: hours must be at most ${n} (one year)`,
      hoursNumber: 'Cancellation policy: hours must be a number',
      percentsNumber: 'Cancellation policy: refund percent must be a number',
    },
  },
  {
    // The upload refusals of status 400 (413 and 415 are said by their status: media's refusal-text.ts).
    prefix: 'uploads',
    files: ['modules/media/src/photos/photo-image.ts'],
    messages: {
      empty: 'The file is empty: choose an image to upload',
      notBase64: 'The file data must be base64 (optionally with a data: URL prefix)',
      tooManyPixels: template({ width: 'number', height: 'number', limit: 'number' }, ({ width, height, limit }) => `The image is ${width} × ${height} pixels, more than the limit of ${limit} megapixels`),
    },
  },
  {
    // The photo library's list input.
    prefix: 'photos',
    files: ['modules/media/src/photos/photo.commands.ts'],
    messages: { ids: 'ids must be a list of photo ids', idsTooMany: 'ids holds at most 500 photo ids', toursIds: 'toursIds must be a list of tour ids', toursIdsTooMany: 'toursIds holds at most 500 tour ids' },
  },
  {
    // An uploaded .xlsx measured unpacked before exceljs loads it (XLSX_SIZE_MESSAGES).
    prefix: 'xlsx',
    files: ['modules/kernel/src/validation/xlsx-size.ts'],
    messages: {
      tooLarge: (n) => `The file is too large once unpacked: an Excel workbook may unpack to at most ${n} MB`,
      tooManyParts: (n) => `The file is too large once unpacked: an Excel workbook may hold at most ${n} parts`,
    },
  },
  {
    prefix: 'access',
    files: [
      'modules/kernel/src/errors/app-error.ts',
      'modules/booking/src/bookings/agent-bookings.controller.ts',
      'modules/booking/src/bookings/booking-tickets.decide.ts',
      'modules/kernel/src/http/idempotency.interceptor.ts',
    ],
    messages: {
      forbidden: 'You are not allowed to access this page',
      groupNotFound: 'Group not found or you are not allowed to see it',
      ticketsNotConfirmed: 'The booking is no longer confirmed: its ticket codes go back to the stock',
      idempotencyKey: 'Idempotency-Key must be 8 to 100 letters, digits or _.:-',
      idempotencyReused: 'This Idempotency-Key was already used for a different request',
      idempotencyPending: 'The first request with this Idempotency-Key is still being processed',
      idempotencyWithheld: 'This request was already done. Its answer held a secret, which is not kept: look the result up instead of sending the request again',
    },
  },
  {
    // The shared input rules' words (kernel's input-rules.ts and the modules' own helpers). Last: a module's own
    // text ('Date is required', 'Email address is required') is matched before these patterns.
    prefix: 'validation',
    files: [
      'modules/kernel/src/validation/input-rules.ts',
      'modules/catalog/src/owned/form-input.ts',
      'modules/catalog/src/offers/offer.commands.ts',
      'modules/booking/src/bookings/booking.inputs.ts',
      'modules/booking/src/contracts/contract.commands.ts',
      'modules/booking/src/lists/list-inputs.ts',
      'modules/reports/src/report-inputs.ts',
    ],
    messages: {
      number: template({ label }, (v) => `${v.label} must be a number`),
      whole: template({ label }, (v) => `${v.label} must be a whole number`),
      positive: template({ label }, (v) => `${v.label} must be a positive number`),
      positiveWhole: template({ label }, (v) => `${v.label} must be a positive whole number`),
      knownId: template({ label }, (v) => `${v.label} is not a known id`),
      notNegative: template({ label }, (v) => `${v.label} must not be negative`),
      atLeast: template({ label, min: 'number' }, (v) => `${v.label} must be at least ${v.min}`),
      atMost: template({ label, max: 'number' }, (v) => `${v.label} must be at most ${v.max}`),
      between: template({ label, min: 'number', max: 'number' }, (v) => `${v.label} must be between ${v.min} and ${v.max}`),
      betweenYears: template({ label, min: 'number', max: 'number' }, (v) => `${v.label} must be between the years ${v.min} and ${v.max}`),
      required: template({ label }, (v) => `${v.label} is required`),
      cents: template({ label }, (v) => `${v.label} must have at most 2 decimals`),
      date: template({ label }, (v) => `${v.label} must be a date`),
      isoDate: template({ label }, (v) => `${v.label} must be a date (YYYY-MM-DD)`),
      text: template({ label }, (v) => `${v.label} must be text`),
      atMostChars: template({ label, max: 'number' }, (v) => `${v.label} is at most ${v.max} characters`),
      mustBeAtMostChars: template({ label, max: 'number' }, (v) => `${v.label} must be at most ${v.max} characters`),
      trueOrFalse: template({ label }, (v) => `${v.label} must be true or false`),
      list: template({ label }, (v) => `${v.label} must be a list`),
      ids: (n) => `Ids must be whole numbers from 0 to ${n}`,
      // ID_LIST_TOO_LONG (the pipe puts the field's name before it), and the agents list's own words.
      idListTooLong: (n) => `A list may hold at most ${n} ids`,
      agentIdsTooLong: (n) => `agentIds must list at most ${n} ids`,
      // A list's or a report's date range sent reversed (the filters refuse it before it is sent).
      fromAfterTo: 'from must not be after to',
    },
  },
];
