import type { TicketStockCodeData, TicketStockEvent } from '@tbo/event-schemas';
import { ValidationError, type CommandContext, type CommandRunner, type Decider, type EventStore } from '@tbo/kernel';

/*
 * One supplier's stock of one ticket type, `ticketstock-<supplierId>-<ticketTypeId>`. Two rules live here and
 * nowhere else: a code is in the stock once, and a code is held by one booking at a time. Both are decided on
 * this stream and appended with its expected revision (allocations run queued, like a departure's seats), so
 * two bookings confirmed at the same moment can never be given the same code.
 */

export interface StockCode {
  code: string;
  expiresOn: string;
  freezed: boolean;
  bookingId: number | null;
}

export interface TicketStockState {
  revision: number;
  /**
   * Every code by its text. Mutated in place by evolve: a stream of thousands of codes is folded once per
   * load, and the runner evolves a state only after its append landed, so no decision sees a half-applied one.
   */
  codes: Map<string, StockCode>;
  /** The codes each booking holds, in the order they were given. */
  byBooking: Map<number, string[]>;
}

export const emptyTicketStock = (): TicketStockState => ({ revision: -1, codes: new Map(), byBooking: new Map() });

export const ticketStockStream = (supplierId: number, ticketTypeId: number): string => `ticketstock-${supplierId}-${ticketTypeId}`;

export type TicketStockCommand =
  | { type: 'LoadCodes'; supplierId: number; ticketTypeId: number; codes: TicketStockCodeData[]; today: string }
  | { type: 'FreezeCodes' | 'UnfreezeCodes'; supplierId: number; ticketTypeId: number; codes: string[] }
  | { type: 'AllocateCodes'; supplierId: number; ticketTypeId: number; ticketTypeName: string; bookingId: number; count: number; date: string }
  | { type: 'ReturnCodes'; supplierId: number; ticketTypeId: number; bookingId: number };

/** The stock cannot give a booking all its codes: the booking stays pending with this message. */
export class NotEnoughTickets extends ValidationError {}

export const STOCK_MESSAGES = {
  empty: 'Add at least one ticket code',
  listedTwice: (codes: string[]) => `Listed more than once: ${preview(codes)}`,
  inStock: (codes: string[]) => `Already in stock: ${preview(codes)}`,
  expired: (codes: string[]) => `Already expired: ${preview(codes)}`,
  unknown: (codes: string[]) => `Not in this stock: ${preview(codes)}`,
  allocated: (codes: string[]) => `Held by a booking: ${preview(codes)}`,
  short: (name: string, date: string, needed: number, left: number) =>
    `Not enough tickets "${name}" for ${date.split('-').reverse().join('.')}: ${needed} needed, ${left} available`,
} as const;

const preview = (codes: string[]) => (codes.length > 5 ? `${codes.slice(0, 5).join(', ')} and ${codes.length - 5} more` : codes.join(', '));

/**
 * Codes a booking on `date` may take: not held, not freezed, valid on the day; earliest expiry first. Codes held
 * by `returning` count as free (they go back in the same append).
 */
export function usableCodes(state: TicketStockState, date: string, returning: number | null = null): StockCode[] {
  return [...state.codes.values()]
    .filter((c) => (c.bookingId === null || c.bookingId === returning) && !c.freezed && c.expiresOn >= date)
    .sort((a, b) => (a.expiresOn === b.expiresOn ? (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) : a.expiresOn < b.expiresOn ? -1 : 1));
}

/** Whether the codes a booking holds on this stream are the `count` it asks for, each valid on `date`. */
const holdingFits = (state: TicketStockState, held: readonly string[], count: number, date: string): boolean =>
  held.length === count && held.every((code) => (state.codes.get(code)?.expiresOn ?? '') >= date);

/** Why each code of a list to load would be refused (empty: all may be loaded). */
export function refusalsOf(state: TicketStockState, codes: readonly TicketStockCodeData[], today: string): Map<string, 'listedTwice' | 'inStock' | 'expired'> {
  const out = new Map<string, 'listedTwice' | 'inStock' | 'expired'>();
  const seen = new Set<string>();
  for (const c of codes) {
    if (seen.has(c.code)) out.set(c.code, 'listedTwice');
    else if (state.codes.has(c.code)) out.set(c.code, 'inStock');
    else if (c.expiresOn < today) out.set(c.code, 'expired');
    seen.add(c.code);
  }
  return out;
}

export const ticketStockDecider: Decider<TicketStockCommand, TicketStockEvent, TicketStockState> = {
  initialState: emptyTicketStock(),
  evolve(state, event) {
    const s = state.revision < 0 && state.codes.size === 0 ? emptyTicketStock() : state;
    s.revision = state.revision + 1;
    switch (event.type) {
      case 'TicketCodesLoaded':
        for (const c of event.data.codes) s.codes.set(c.code, { code: c.code, expiresOn: c.expiresOn, freezed: false, bookingId: null });
        break;
      case 'TicketCodesFreezed':
      case 'TicketCodesUnfreezed':
        for (const code of event.data.codes) {
          const c = s.codes.get(code);
          if (c) c.freezed = event.type === 'TicketCodesFreezed';
        }
        break;
      case 'TicketCodesAllocated':
        for (const code of event.data.codes) {
          const c = s.codes.get(code);
          if (c) c.bookingId = event.data.bookingId;
        }
        s.byBooking.set(event.data.bookingId, [...(s.byBooking.get(event.data.bookingId) ?? []), ...event.data.codes]);
        break;
      case 'TicketCodesReturned':
        for (const code of event.data.codes) {
          const c = s.codes.get(code);
          if (c && c.bookingId === event.data.bookingId) c.bookingId = null;
        }
        s.byBooking.delete(event.data.bookingId);
        break;
    }
    return s;
  },
  decide(cmd, state) {
    const key = { supplierId: cmd.supplierId, ticketTypeId: cmd.ticketTypeId };
    switch (cmd.type) {
      case 'LoadCodes': {
        if (cmd.codes.length === 0) throw new ValidationError(STOCK_MESSAGES.empty);
        const refused = refusalsOf(state, cmd.codes, cmd.today);
        for (const reason of ['listedTwice', 'inStock', 'expired'] as const) {
          const codes = [...refused].filter(([, r]) => r === reason).map(([c]) => c);
          if (codes.length) throw new ValidationError(STOCK_MESSAGES[reason](codes), { codes: [STOCK_MESSAGES[reason](codes)] });
        }
        return [{ type: 'TicketCodesLoaded', data: { ...key, codes: cmd.codes } }];
      }
      case 'FreezeCodes':
      case 'UnfreezeCodes': {
        const unknown = cmd.codes.filter((c) => !state.codes.has(c));
        if (unknown.length) throw new ValidationError(STOCK_MESSAGES.unknown(unknown));
        const held = cmd.codes.filter((c) => state.codes.get(c)!.bookingId !== null);
        if (held.length) throw new ValidationError(STOCK_MESSAGES.allocated(held));
        const freeze = cmd.type === 'FreezeCodes';
        const changing = [...new Set(cmd.codes)].filter((c) => state.codes.get(c)!.freezed !== freeze);
        if (!changing.length) return [];
        return [{ type: freeze ? 'TicketCodesFreezed' : 'TicketCodesUnfreezed', data: { ...key, codes: changing } }];
      }
      case 'AllocateCodes': {
        const held = state.byBooking.get(cmd.bookingId) ?? [];
        // A retried job: the booking holds its codes already.
        if (held.length > 0 && holdingFits(state, held, cmd.count, cmd.date)) return [];
        // Codes held for other counts or an earlier date (a job stopped before the booking was rescheduled) go
        // back in the same append as the new ones are taken: the booking never holds two sets on one stream.
        const usable = usableCodes(state, cmd.date, held.length > 0 ? cmd.bookingId : null);
        if (usable.length < cmd.count) throw new NotEnoughTickets(STOCK_MESSAGES.short(cmd.ticketTypeName, cmd.date, cmd.count, usable.length));
        const allocated: TicketStockEvent = { type: 'TicketCodesAllocated', data: { ...key, bookingId: cmd.bookingId, date: cmd.date, codes: usable.slice(0, cmd.count).map((c) => c.code) } };
        return held.length > 0 ? [{ type: 'TicketCodesReturned', data: { ...key, bookingId: cmd.bookingId, codes: held } }, allocated] : [allocated];
      }
      case 'ReturnCodes': {
        const codes = state.byBooking.get(cmd.bookingId);
        return codes?.length ? [{ type: 'TicketCodesReturned', data: { ...key, bookingId: cmd.bookingId, codes } }] : [];
      }
    }
  },
};

/** Loads codes into a ticket type's stock, all or none: the stock tab's way in, and the demo seed's. */
export function loadTicketCodes(runner: CommandRunner, load: { supplierId: number; ticketTypeId: number; codes: TicketStockCodeData[]; today: string }, context: CommandContext) {
  return runner.run({ stream: ticketStockStream(load.supplierId, load.ticketTypeId), decider: ticketStockDecider, command: { type: 'LoadCodes', ...load }, context, queued: true });
}

/** Whether anything was ever done to this ticket type's stock (its stream, not the read table). */
export async function ticketStockStarted(store: EventStore, supplierId: number, ticketTypeId: number): Promise<boolean> {
  return (await store.readStream(ticketStockStream(supplierId, ticketTypeId))).length > 0;
}
