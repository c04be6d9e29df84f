import type { Knex } from 'knex';
import { bookingForTickets, recordTicketsAllocated, recordTicketsReturned, recordTicketsShort } from '@tbo/booking';
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

/**
 * A confirmed booking whose offer requires attraction tickets takes one code per adult, child and infant.
 * Each ticket type's codes are taken on its stock stream (queued, with the expected revision); when one type is
 * short, the codes already taken for the other types go back and the booking is put back to pending with the
 * reason. Safe to repeat: a stock stream gives a booking its codes once, the booking records them once, and a
 * booking cancelled meanwhile refuses them, which sends them back.
 */
export async function allocateTickets(deps: TicketDeps, runner: CommandRunner, bookingId: number): Promise<AllocationOutcome> {
  const view = await bookingForTickets(deps.store, bookingId);
  if (!view || !view.ticketsRequired) return { result: 'not applicable' };
  if ((view.tickets?.length ?? 0) > 0) return { result: 'already allocated' };
  const context = contextFor(view.supplierId);
  const offer = await offerForSale(deps.store, view.offerId);
  const typeOf = (c: Category) => offer?.details.ticketsTypes.find((t) => t.type === c)?.ticketTypeId ?? 0;
  const needs = ([[0, view.adults], [1, view.children], [2, view.infants]] as [Category, number][]).filter(([, n]) => n > 0);
  if (!confirmed(view.status)) {
    await giveBack(runner, view.supplierId, bookingId, needs.map(([c]) => typeOf(c)).filter((t) => t > 0), context);
    return { result: 'not confirmed' };
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
      await giveBack(runner, view.supplierId, bookingId, taken.keys(), context);
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
export async function returnTickets(deps: TicketDeps, runner: CommandRunner, bookingId: number, reason: 'cancelled' | 'declined'): Promise<{ returned: number }> {
  const view = await bookingForTickets(deps.store, bookingId);
  if (!view || !view.ticketsRequired) return { returned: 0 };
  const context = contextFor(view.supplierId);
  const offer = await offerForSale(deps.store, view.offerId);
  const types = [...(view.tickets ?? []).map((t) => t.ticketTypeId), ...(offer?.details.ticketsTypes ?? []).map((t) => t.ticketTypeId)].filter((t) => t > 0);
  await giveBack(runner, view.supplierId, bookingId, types, context);
  await recordTicketsReturned(runner, bookingId, reason, context);
  return { returned: view.tickets?.length ?? 0 };
}
