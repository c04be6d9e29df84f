import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import { ChangeBookingCommand } from '@tbo/booking';
import { bookingEventSchemas, type BookingCreatedData } from '@tbo/event-schemas';
import type { Knex } from 'knex';
import { EVENT_STORE, IdGenerator, KNEX, metadataOf, systemContext, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';

/**
 * Bookings written straight to the event store, as the booking commands would write them: the list tests need
 * many bookings in given states, dates and tenants, whatever the add-booking flow allows on the day.
 */

const example = bookingEventSchemas.find((d) => d.type === 'BookingCreated')!.example as BookingCreatedData;

export interface SeededBooking {
  id: number;
  position: string;
  data: BookingCreatedData;
}

const streamOf = (id: number) => `booking-${id}`;

/** A BookingCreated (the registered example with `over` on top) under a new booking id; later events by `changes`. */
export async function seedBooking(app: INestApplication, over: Partial<BookingCreatedData>, changes: { type: string; data?: Record<string, unknown> }[] = []): Promise<SeededBooking> {
  const store = app.get<EventStore>(EVENT_STORE);
  const id = await app.get(IdGenerator).next('booking');
  const data: BookingCreatedData = { ...example, claimId: randomUUID(), ...over, id };
  const key = { id, supplierId: data.supplierId };
  const events = [{ type: 'BookingCreated', data }, ...changes.map((c) => ({ type: c.type, data: { ...changeDefaults(c.type, data), ...key, ...c.data } }))];
  const { position } = await store.appendToStream(streamOf(id), events, { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) });
  return { id, position, data };
}

/** The fields a change event needs beyond the key, from the booking. */
function changeDefaults(type: string, b: BookingCreatedData): Record<string, unknown> {
  switch (type) {
    case 'BookingCancelled':
      return { claimId: b.claimId, departure: b.departure, reason: 'Guest ill', hoursBeforeStart: 48, penaltyPercent: 0, refundUsd: b.totals.totalUsd, refundAed: b.totals.totalAed, penaltyUsd: 0, penaltyAed: 0 };
    case 'BookingDeclined':
      return { claimId: b.claimId, departure: b.departure, reason: 'Fully booked' };
    default:
      return {};
  }
}

/** A seat claim voided with no booking after it: the stream is no booking. */
export async function seedVoidedClaim(app: INestApplication): Promise<{ id: number; position: string }> {
  const id = await app.get(IdGenerator).next('booking');
  const { position } = await app
    .get<EventStore>(EVENT_STORE)
    .appendToStream(streamOf(id), [{ type: 'BookingSeatClaimVoided', data: { id, claimId: randomUUID() } }], { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) });
  return { id, position };
}

/** Waits until the bookings read model has every event up to `position`. */
export async function bookingsSettled(app: INestApplication, position: string): Promise<void> {
  const ok = await waitForProjection(app.get<Knex>(KNEX), app.get<EventStore>(EVENT_STORE), 'bookings', position, 15_000);
  if (!ok) throw new Error('The bookings projection did not catch up');
}

/** The rows of an .xlsx answer's first sheet, header row first, each as plain cell values. */
export async function sheetRows(body: ArrayBuffer | Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    while (values.length < ws.columnCount) values.push(null);
    rows.push(values.map((v) => (v === undefined ? null : v)));
  });
  return rows;
}

/**
 * Completes a booking as operations do once its tour has run: decided at noon the day after its date, through the
 * booking command (the API decides on today, and new bookings are from tomorrow). Answers the status it reached.
 */
export async function completeAfterItsDate(app: INestApplication, booking: { id: number; supplierId: number; date: string }, version: number | null = null): Promise<number> {
  const at = new Date(Date.parse(`${booking.date}T08:00:00.000Z`) + 86_400_000);
  const changed = await app.get(CommandBus).execute(new ChangeBookingCommand(booking.id, { kind: 'supplier', supplierId: booking.supplierId }, { kind: 'complete' }, systemContext('test'), version, at));
  return (changed as { view: { status: number } }).view.status;
}
