import { Body, Param, Query, Req } from '@nestjs/common';
import { z } from 'zod';
import { recordedAs, TicketStockCode, ticketCode, type TicketStockEvent } from '@tbo/event-schemas';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CommandRunner, CurrentUser, fold, GetRoute, IdPipe, NotFoundError, PostRoute, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { ticketStockOf, ticketTypeName, waitForProjection, type TicketStockRow } from '@tbo/read-models';
import { dubaiToday } from '@tbo/scheduling';
import type { Request } from 'express';
import { linesFromText, linesFromXlsx, MAX_CODES_PER_LOAD, previewLoad, type LoadPreview } from './ticket-codes.input';
import { loadTicketCodes, ticketStockDecider, ticketStockStream, type TicketStockState } from './ticket-stock';

/** Who keeps the ticket stock: the supplier's admins (and the spec's ticketsadmin role). */
const STOCK_KEEPERS = ['admin', 'ticketsadmin'] as const;
const STOCK_WAIT_MS = 2_000;

const previewInput = z
  .object({
    text: z.string().max(1_000_000).optional(),
    /** An .xlsx file as base64 (a data: prefix is allowed). */
    xlsx: z.string().max(2_000_000).optional(),
  })
  .strict()
  .refine((b) => !!b.text?.trim() || !!b.xlsx, { message: 'Type the codes or choose an .xlsx file', path: ['text'] });
const loadInput = z.object({ codes: z.array(TicketStockCode).min(1, 'Add at least one ticket code').max(MAX_CODES_PER_LOAD) }).strict();
const freezeInput = z.object({ codes: z.array(ticketCode).min(1).max(MAX_CODES_PER_LOAD), freezed: z.boolean() }).strict();

/**
 * The supplier's ticket stock (spec 02 §3): the figures per ticket type, and loading codes. A load is decided
 * on the type's stock stream (a code already in stock or listed twice refuses the load, naming the codes);
 * the preview shows, line by line, what a load would add and refuse.
 */
@ApiController('tickets', 'api/tickets/stock')
export class TicketStockController extends CommandQueryController {
  constructor(private readonly runner: CommandRunner) {
    super();
  }

  @GetRoute('', STOCK_KEEPERS, 'Every ticket type with the stock figures of the caller’s supplier and the low-stock flag (available below the reorder level)')
  async list(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<TicketStockRow[]> {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'ticket_stock', q.after, STOCK_WAIT_MS);
    return ticketStockOf(this.db, supplierId, dubaiToday());
  }

  @PostRoute(':ticketTypeId/preview', STOCK_KEEPERS, 'What loading these codes (typed lines "code date", or an .xlsx with codes in column A and expiry dates in B) would add and refuse')
  async preview(@Param('ticketTypeId', IdPipe) ticketTypeId: number, @Body(zodPipe(previewInput)) body: z.output<typeof previewInput>, @CurrentUser() user: AuthUser): Promise<LoadPreview> {
    const supplierId = supplierScope(user);
    await this.ticketType(ticketTypeId);
    const lines = body.xlsx ? await linesFromXlsx(body.xlsx) : linesFromText(body.text ?? '');
    return previewLoad(await this.stock(supplierId, ticketTypeId), lines.slice(0, MAX_CODES_PER_LOAD * 2), dubaiToday());
  }

  @PostRoute(':ticketTypeId/codes', STOCK_KEEPERS, 'Loads codes into the stock: all or none (codes already in stock, listed twice or expired are refused by name)')
  async load(@Param('ticketTypeId', IdPipe) ticketTypeId: number, @Body(zodPipe(loadInput)) body: z.output<typeof loadInput>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<{ loaded: number; position: string | null }> {
    const supplierId = supplierScope(user);
    await this.ticketType(ticketTypeId);
    const outcome = await loadTicketCodes(this.runner, { supplierId, ticketTypeId, codes: body.codes, today: dubaiToday() }, commandContextFrom(req, user));
    return { loaded: body.codes.length, position: outcome.position };
  }

  @PostRoute(':ticketTypeId/freeze', STOCK_KEEPERS, 'Freezes (freezed: true) or releases codes: a freezed code is given to no booking')
  async freeze(@Param('ticketTypeId', IdPipe) ticketTypeId: number, @Body(zodPipe(freezeInput)) body: z.output<typeof freezeInput>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<{ position: string | null }> {
    const supplierId = supplierScope(user);
    await this.ticketType(ticketTypeId);
    const outcome = await this.runner.run({
      stream: ticketStockStream(supplierId, ticketTypeId),
      decider: ticketStockDecider,
      command: { type: body.freezed ? 'FreezeCodes' : 'UnfreezeCodes', supplierId, ticketTypeId, codes: body.codes },
      context: commandContextFrom(req, user),
      queued: true,
    });
    return { position: outcome.position };
  }

  private async ticketType(id: number): Promise<string> {
    const name = await ticketTypeName(this.db, id);
    if (name === null) throw new NotFoundError('Ticket type not found', 'Not found');
    return name;
  }

  private async stock(supplierId: number, ticketTypeId: number): Promise<TicketStockState> {
    return fold(ticketStockDecider, recordedAs<TicketStockEvent>(await this.store.readStream(ticketStockStream(supplierId, ticketTypeId))));
  }
}
