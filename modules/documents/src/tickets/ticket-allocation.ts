import type { Knex } from 'knex';
import { BOOKING_STATUS, bookingForTickets, recordTicketsAllocated, recordTicketsReturned, recordTicketsShort, ticketsFit, type BookingView } from '@tbo/booking';
import { offerForSale } from '@tbo/catalog';
import type { BookingTicketData } from '@tbo/event-schemas';
import { ticketTypeName } from '@tbo/read-models';
import { ValidationError, systemContext, type CommandContext, type CommandRunner, type EventStore } from '@tbo/kernel';
import { NotEnoughTickets, ticketStockDecider, ticketStockStream, type TicketStockState } from './ticket-stock';

export interface TicketDeps {
  store: EventStore;
  db: Knex;
}

export type AllocationOutcome =
  | { result: 'allocated'; tickets: BookingTicketData[] }
  | { result: 'already allocated' | 'not applicable' | 'not confirmed' }
  | { result: 'short'; reason: string };

type Category = 0 | 1 | 2;
const CATEGORY_NAMES: Record<Category, string> = { 0: 'adults', 1: 'children', 2: 'infants' };

const contextFor = (supplierId: number): CommandContext => ({ ...systemContext('tickets'), tenantId: `supplier-${supplierId}` });
const confirmed = (status: number) => status === 0 || status === 5;

const stockRun = (runner: CommandRunner, supplierId: number, ticketTypeId: number, command: Parameters<typeof ticketStockDecider.decide>[0], context: CommandContext) =>
  runner.run({ stream: ticketStockStream(supplierId, ticketTypeId), decider: ticketStockDecider, command, context, queued: true });

/** Gives back whatever a booking holds on these stock streams (nothing held: nothing changes). */
async function giveBack(runner: CommandRunner, supplierId: number, bookingId: number, types: Iterable<number>, context: CommandContext): Promise<void> {
  for (const ticketTypeId of new Set(types)) await stockRun(runner, supplierId, ticketTypeId, { type: 'ReturnCodes', supplierId, ticketTypeId, bookingId }, context);
}

/** Why a booking's codes go back: its end (cancelled, declined) or a change they no longer fit. */
export type ReturnReason = 'cancelled' | 'declined' | 'rescheduled';
const returnReasonOf = (view: BookingView): ReturnReason => (view.status !== BOOKING_STATUS.cancelled ? 'rescheduled' : view.declineReason !== null ? 'declined' : 'cancelled');

export interface AllocateOptions {
  /**
   * The job follows a reschedule: besides codes that no longer fit, whatever the offer's ticket types hold for
   * the booking and it does not need now (a category it no longer has) goes back.
   */
  rescheduled?: boolean;
}

/**
 * A confirmed booking whose offer requires attraction tickets holds one code per adult, child and infant, each
 * valid on its date. Each ticket type's codes are taken on its stock stream (queued, with the expected revision);
 * when one type is short, the codes already taken go back and the booking is put back to pending with the reason.
 * Codes a booking holds that no longer fit it (rescheduled to other counts or a later date, or back to pending)
 * go back first, recorded on the booking (`BookingTicketsReturned`, 'rescheduled'), and new ones are taken when it
 * is confirmed. Safe to repeat, and to stop anywhere: a stock stream gives a booking its codes once (a holding that
 * fits is kept, one that does not is swapped in one append), the booking records them once, a return of what is
 * no longer held changes nothing, and a booking cancelled meanwhile refuses them, which sends them back. The
 * worker runs one such job per booking at a time (tickets.processor.ts).
 */
export async function allocateTickets(deps: TicketDeps, runner: CommandRunner, bookingId: number, options: AllocateOptions = {}): Promise<AllocationOutcome> {
  const view = await bookingForTickets(deps.store, bookingId);
  if (!view || !view.ticketsRequired) return { result: 'not applicable' };
  const held = view.tickets ?? [];
  const context = contextFor(view.supplierId);
  const offer = await offerForSale(deps.store, view.offerId);
  const typeOf = (c: Category) => offer?.details.ticketsTypes.find((t) => t.type === c)?.ticketTypeId ?? 0;
  const needs = ([[0, view.adults], [1, view.children], [2, view.infants]] as [Category, number][]).filter(([, n]) => n > 0);
  const everyType = [...held.map((t) => t.ticketTypeId), ...(offer?.details.ticketsTypes ?? []).map((t) => t.ticketTypeId)].filter((t) => t > 0);

  if (held.length > 0 && confirmed(view.status) && ticketsFit(view)) {
    if (options.rescheduled) {
      const needed = new Set(needs.map(([c]) => typeOf(c)));
      await giveBack(runner, view.supplierId, bookingId, everyType.filter((t) => !needed.has(t)), context);
    }
    return { result: 'already allocated' };
  }
  if (held.length > 0 || !confirmed(view.status) || options.rescheduled) {
    // Stock first, then the booking's record: stopped in between, the booking still shows the codes and a retry
    // records their return (giving back what the stock no longer holds for it changes nothing).
    await giveBack(runner, view.supplierId, bookingId, everyType, context);
    if (held.length > 0) await recordTicketsReturned(runner, bookingId, returnReasonOf(view), context);
    if (!confirmed(view.status)) return { result: 'not confirmed' };
  }
  const missing = needs.find(([c]) => typeOf(c) === 0);
  if (missing) return short(runner, bookingId, `The offer names no ticket type for ${CATEGORY_NAMES[missing[0]]}`, context);

  const perType = new Map<number, number>();
  for (const [c, n] of needs) perType.set(typeOf(c), (perType.get(typeOf(c)) ?? 0) + n);
  const taken = new Map<number, { codes: string[]; state: TicketStockState; name: string }>();
  for (const [ticketTypeId, count] of [...perType].sort(([a], [b]) => a - b)) {
    const name = (await ticketTypeName(deps.db, ticketTypeId)) ?? `#${ticketTypeId}`;
    try {
      const outcome = await stockRun(runner, view.supplierId, ticketTypeId, { type: 'AllocateCodes', supplierId: view.supplierId, ticketTypeId, ticketTypeName: name, bookingId, count, date: view.date }, context);
      taken.set(ticketTypeId, { codes: [...(outcome.state.byBooking.get(bookingId) ?? [])], state: outcome.state, name });
    } catch (e) {
      if (!(e instanceof NotEnoughTickets)) throw e;
      // Every type goes back: this one may still hold codes of an earlier allocation for other counts or date.
      await giveBack(runner, view.supplierId, bookingId, perType.keys(), context);
      return short(runner, bookingId, e.message, context);
    }
  }

  // Each type's codes go to its categories in order: adults first, then children, then infants.
  const tickets: BookingTicketData[] = [];
  for (const [category, n] of needs) {
    const t = taken.get(typeOf(category))!;
    for (const code of t.codes.splice(0, n)) {
      tickets.push({ ticketTypeId: typeOf(category), ticketTypeName: t.name.slice(0, 200), category, code, expiresOn: t.state.codes.get(code)?.expiresOn ?? view.date });
    }
  }
  try {
    await recordTicketsAllocated(runner, bookingId, tickets, context);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    // Cancelled or declined while its codes were being taken: they go back.
    await giveBack(runner, view.supplierId, bookingId, perType.keys(), context);
    return { result: 'not confirmed' };
  }
  return { result: 'allocated', tickets };
}

async function short(runner: CommandRunner, bookingId: number, reason: string, context: CommandContext): Promise<AllocationOutcome> {
  await recordTicketsShort(runner, bookingId, reason, context);
  return { result: 'short', reason };
}

/**
 * A cancelled or declined booking gives its codes back: those it recorded, and any its offer's ticket types
 * hold for it without a record yet (a worker stopped between the two appends).
 */
export async function returnTickets(deps: TicketDeps, runner: CommandRunner, bookingId: number, reason: ReturnReason): Promise<{ returned: number }> {
  const view = await bookingForTickets(deps.store, bookingId);
  if (!view || !view.ticketsRequired) return { returned: 0 };
  const context = contextFor(view.supplierId);
  const offer = await offerForSale(deps.store, view.offerId);
  const types = [...(view.tickets ?? []).map((t) => t.ticketTypeId), ...(offer?.details.ticketsTypes ?? []).map((t) => t.ticketTypeId)].filter((t) => t > 0);
  await giveBack(runner, view.supplierId, bookingId, types, context);
  await recordTicketsReturned(runner, bookingId, reason, context);
  return { returned: view.tickets?.length ?? 0 };
}
