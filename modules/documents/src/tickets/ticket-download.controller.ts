import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { agentScope, bookingForDocuments, bookingNotFound, canDownloadTickets, inScope, type BookingForDocuments, type IssuedDocument } from '@tbo/booking';
import { AppError, CommandQueryController, CurrentUser, EVENT_STORE, IdPipe, KNEX, Roles, type AuthUser, type EventStore, type FileStorage } from '@tbo/kernel';
import { documentFileName } from '../document-jobs';
import { DOCUMENT_WAIT_MS, documentNotReady } from '../downloads/document-downloads.controller';
import { DocumentQueue } from '../downloads/document-queue';
import { DOCUMENT_STORAGE } from '../downloads/document-storage';

/** The booking's agent or agency admin, and the supplier's staff (as for invoices and vouchers). */
const TICKET_READERS = ['agent', 'sales', 'admin', 'operations', 'accounts'] as const;
const POLL_MS = 150;

const ticketsOf = (b: Pick<BookingForDocuments, 'documents'>, version: number): IssuedDocument | null =>
  b.documents.find((d) => d.kind === 'tickets' && d.bookingVersion === version) ?? null;

export const TICKETS_NOT_AVAILABLE = 'The booking holds no ticket codes: tickets can be downloaded once it is confirmed and its codes are allocated.';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Spec 02 §7: `GET /api/agent/bookings/downloadtickets/{id}` answers the file inside the wrapper (IsOk, Content
 * as base64, FileName, ErrorTitle), only when canDownloadTickets. The tickets of the booking's current version
 * are made by the worker when its codes are allocated; one not made yet is queued at the front and waited for.
 */
@ApiTags('bookings')
@Controller('api/agent/bookings')
export class TicketDownloadController extends CommandQueryController {
  constructor(
    commands: CommandBus,
    @Inject(KNEX) db: Knex,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(DOCUMENT_STORAGE) private readonly storage: FileStorage,
    private readonly queue: DocumentQueue,
  ) {
    super(commands, db, store);
  }

  @Get('downloadtickets/:id')
  @Roles(...TICKET_READERS)
  @ApiOperation({ summary: 'The booking’s tickets (PDF) as {IsOk, Content: base64, FileName, ErrorTitle} when canDownloadTickets; 409 otherwise' })
  async tickets(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const booking = await bookingForDocuments(this.store, id);
    if (!booking || !inScope(booking.view, await agentScope(this.db, user))) throw bookingNotFound();
    if (!canDownloadTickets(booking.view)) throw new AppError(409, 'Not available', TICKETS_NOT_AVAILABLE);
    const version = booking.currentVersion;
    const doc = ticketsOf(booking, version) ?? (await this.madeNow(id, version));
    const stream = await this.storage.get(doc.storageKey);
    if (!stream) throw documentNotReady('tickets');
    const pdf = await readAll(stream);
    res.status(200);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ IsOk: true, Code: 200, Content: pdf.toString('base64'), FileName: documentFileName({ bookingId: id, kind: 'tickets', language: 'eng' }), ErrorTitle: null, ErrorMessage: null });
  }

  private async madeNow(id: number, version: number): Promise<IssuedDocument> {
    await this.queue.hurry({ bookingId: id, version, kind: 'tickets', language: 'eng' });
    const deadline = Date.now() + DOCUMENT_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      const now = await bookingForDocuments(this.store, id);
      const doc = now && ticketsOf(now, version);
      if (doc) return doc;
    }
    throw documentNotReady('tickets');
  }
}
