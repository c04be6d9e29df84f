import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { agentScope, bookingForDocuments, bookingNotFound, inScope, type BookingForDocuments, type IssuedDocument } from '@tbo/booking';
import type { DocumentKind, DocumentLanguage } from '@tbo/event-schemas';
import { AppError, CommandQueryController, CurrentUser, EVENT_STORE, IdPipe, KNEX, Roles, zodPipe, type AuthUser, type EventStore, type FileStorage } from '@tbo/kernel';
import { documentFileName } from '../document-jobs';
import { DOCUMENT_STORAGE } from './document-storage';
import { DocumentQueue } from './document-queue';

/** Everyone who may see a booking may download its documents: its agent or agency admin, and the supplier's staff. */
const DOCUMENT_READERS = ['agent', 'sales', 'admin', 'operations', 'accounts'] as const;
/** How long a download waits for a document being made before it answers 'Not ready'. */
export const DOCUMENT_WAIT_MS = 6_000;
const POLL_MS = 150;

const voucherQuery = z.object({ lang: z.enum(['eng', 'rus'], { message: 'lang must be eng or rus' }).default('eng') }).strict();

export const documentNotReady = (kind: DocumentKind) => new AppError(409, 'Not ready', `The ${kind} is still being made. Please try again in a minute.`);

const issued = (b: Pick<BookingForDocuments, 'documents'>, version: number, kind: DocumentKind, language: DocumentLanguage): IssuedDocument | null =>
  b.documents.find((d) => d.kind === kind && d.language === language && d.bookingVersion === version) ?? null;

/**
 * Spec 02 §7's downloads, outside /api. The worker makes a booking's documents for each version; the file
 * answered is the one of the booking's current version. One not made yet is queued at the front at once and
 * waited for briefly. Another tenant's booking is 'not found', never 'forbidden'.
 */
@ApiTags('bookings')
@Controller('bookings/download')
export class DocumentDownloadsController extends CommandQueryController {
  constructor(
    commands: CommandBus,
    @Inject(KNEX) db: Knex,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(DOCUMENT_STORAGE) private readonly storage: FileStorage,
    private readonly queue: DocumentQueue,
  ) {
    super(commands, db, store);
  }

  @Get('invoice/:id')
  @Roles(...DOCUMENT_READERS)
  @ApiOperation({ summary: "The booking's invoice (PDF, attachment); 409 Not ready when it could not be made within a few seconds" })
  invoice(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    return this.download(id, 'invoice', 'eng', user, res);
  }

  @Get('voucher/:id')
  @Roles(...DOCUMENT_READERS)
  @ApiOperation({ summary: "The booking's voucher (PDF, attachment) in English (lang=eng) or Russian (lang=rus); 409 Not ready when it could not be made within a few seconds" })
  voucher(@Param('id', IdPipe) id: number, @Query(zodPipe(voucherQuery)) q: z.output<typeof voucherQuery>, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    return this.download(id, 'voucher', q.lang, user, res);
  }

  private async download(id: number, kind: DocumentKind, language: DocumentLanguage, user: AuthUser, res: Response): Promise<void> {
    const booking = await bookingForDocuments(this.store, id);
    if (!booking || !inScope(booking.view, await agentScope(this.db, user))) throw bookingNotFound();
    if (booking.declined) throw new AppError(409, 'Not available', 'The booking was declined: it has no documents.');
    if (booking.cancelled && kind === 'voucher') throw new AppError(409, 'Not available', 'The booking is cancelled: its voucher is no longer valid.');
    const version = booking.currentVersion;
    const doc = issued(booking, version, kind, language) ?? (await this.madeNow(id, version, kind, language));
    const stream = await this.storage.get(doc.storageKey);
    if (!stream) throw documentNotReady(kind);
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${documentFileName({ bookingId: id, kind, language })}"`);
    res.setHeader('Content-Length', String(doc.bytes));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Document-Version', String(doc.bookingVersion));
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  private async madeNow(id: number, version: number, kind: DocumentKind, language: DocumentLanguage): Promise<IssuedDocument> {
    await this.queue.hurry({ bookingId: id, version, kind, language });
    const deadline = Date.now() + DOCUMENT_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      const now = await bookingForDocuments(this.store, id);
      const doc = now && issued(now, version, kind, language);
      if (doc) return doc;
    }
    throw documentNotReady(kind);
  }
}
