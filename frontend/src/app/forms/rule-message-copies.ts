import { template, type CopiedMessages } from './copied-message-types';

/**
 * Copies of the refusals of rules that keep money, seats and guests whole: a valid period's prices and overlaps,
 * a booking's unpriced counts, a slot's seats already sold, an arrival import's unmatched names and taken list
 * names. Part of COPIED_MESSAGES (server-message-copies.ts says how copies are checked).
 */
export const RULE_MESSAGE_COPIES: readonly CopiedMessages[] = [
  {
    prefix: 'periods',
    files: ['modules/catalog/src/offers/offer.ts', 'modules/catalog/src/pricing/price-model.pure.ts'],
    messages: {
      adultPrice: 'An adult price or a trip price is required',
      childPrice: 'A child price or a trip price is required when the ticket allows children',
      overlaps: template({ start: 'text', end: 'text' }, ({ start, end }) => `The period overlaps ${start}–${end}`),
      infantAge: 'Infant age must be less than child age',
    },
  },
  {
    prefix: 'bookingPrices',
    files: ['modules/booking/src/pure/booking-money.pure.ts'],
    messages: {
      adults: 'No price is set for adults on the chosen date',
      children: 'No price is set for children on the chosen date',
    },
  },
  {
    prefix: 'slotBookings',
    files: ['modules/scheduling/src/time-slots/time-slot-group.ts'],
    messages: {
      capacity: template({ n: 'number', date: 'text' }, ({ n, date }) => `Capacity cannot be less than the ${n} seats already taken or held on ${date}`),
      slot: template({ n: 'number', date: 'text' }, ({ n, date }) => `This time slot has ${n} guests booked on ${date}: move or cancel those bookings first`),
      group: template({ n: 'number', date: 'text' }, ({ n, date }) => `This time slot group has ${n} guests booked on ${date}: move or cancel those bookings first`),
      nameTaken: template({ name: 'text' }, ({ name }) => `This group already has a time slot named '${name}'`),
    },
  },
  {
    prefix: 'arrivalImport',
    files: ['modules/arrivals/src/import/arrival-sheet.ts', 'modules/arrivals/src/lists/arrival-list.ts', 'modules/arrivals/src/lists/import-arrivals.handler.ts'],
    messages: {
      noHotel: template({ name: 'text' }, ({ name }) => `No hotel is named '${name}': the guest will have no hotel`),
      noAgency: template({ name: 'text' }, ({ name }) => `None of your contracted agencies is named '${name}': the guest will have no agency`),
      rowDates: template({ row: 'number', paxId: 'text' }, ({ row, paxId }) => `Row ${row} (Pax Id ${paxId}): Departure date is before the arrival date`),
      listNameTaken: template({ name: 'text' }, ({ name }) => `A list named '${name}' already exists: import into it`),
    },
  },
];
