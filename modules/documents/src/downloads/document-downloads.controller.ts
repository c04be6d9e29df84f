import { Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { canDownloadTickets, type BookingForDocuments, type IssuedDocument } from '@tbo/booking';
import type { DocumentKind, DocumentLanguage } from '@tbo/event-schemas';
import { ApiController, AppError, CurrentUser, GetRoute, IdPipe, noQuery, startPdfAttachment, zodPipe, type AuthUser } from '@tbo/kernel';
import { documentFileName } from '../document-jobs';
import { DocumentFiles } from './document-files';

/** Everyone who may see a booking may download its documents: its agent or agency admin, and the supplier's staff. */
const DOCUMENT_READERS = ['agent', 'sales', 'admin', 'operations', 'accounts'] as const;

const voucherQuery = z.object({ lang: z.enum(['eng', 'rus'], { message: 'lang must be eng or rus' }).default('eng') }).strict();

/** A declined booking has no documents; a cancelled one keeps its invoice (the refund) but no voucher or tickets to use. */
function refuseVoidDocuments(booking: { declined: boolean; cancelled: boolean }, kind: DocumentKind): void {
  if (booking.declined) throw new AppError(409, 'Not available', 'The booking was declined: it has no documents.');
  if (booking.cancelled && kind === 'voucher') throw new AppError(409, 'Not available', 'The booking is cancelled: its voucher is no longer valid.');
  if (booking.cancelled && kind === 'tickets') throw new AppError(409, 'Not available', 'The booking is cancelled: its tickets are no longer valid.');
}

export const TICKETS_NOT_AVAILABLE = 'The booking holds no ticket codes: tickets can be downloaded once it is confirmed and its codes are allocated.';

const issued =
  (kind: DocumentKind, language: DocumentLanguage) =>
  (b: Pick<BookingForDocuments, 'documents'>, version: number): IssuedDocument | null =>
    b.documents.find((d) => d.kind === kind && d.language === language && d.bookingVersion === version) ?? null;

const ticketsOf = (b: Pick<BookingForDocuments, 'documents'>, version: number): IssuedDocument | null =>
  b.documents.find((d) => d.kind === 'tickets' && d.bookingVersion === version) ?? null;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Spec 02 §7's downloads of a booking's documents, those of its current version (see DocumentFiles for how a
 * document not made yet is waited for): the invoice and the voucher outside /api, as a PDF attachment, and
 * `GET /api/agent/bookings/downloadtickets/{id}`, the tickets inside the wrapper (IsOk, Content as base64,
 * FileName, ErrorTitle), only when canDownloadTickets.
 */
@ApiController('bookings')
export class DocumentDownloadsController {
  constructor(private readonly files: DocumentFiles) {}

  @GetRoute('bookings/download/invoice/:id', DOCUMENT_READERS, "The booking's invoice (PDF, attachment); 409 Not ready when it could not be made within a few seconds")
  invoice(@Param('id', IdPipe) id: number, @Query(zodPipe(noQuery)) _q: unknown, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    return this.download(id, 'invoice', 'eng', user, res);
  }

  @GetRoute('bookings/download/voucher/:id', DOCUMENT_READERS, "The booking's voucher (PDF, attachment) in English (lang=eng) or Russian (lang=rus); 409 Not ready when it could not be made within a few seconds")
  voucher(@Param('id', IdPipe) id: number, @Query(zodPipe(voucherQuery)) q: z.output<typeof voucherQuery>, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    return this.download(id, 'voucher', q.lang, user, res);
  }

  @GetRoute('api/agent/bookings/downloadtickets/:id', DOCUMENT_READERS, 'The booking’s tickets (PDF) as {IsOk, Content: base64, FileName, ErrorTitle} when canDownloadTickets; 409 otherwise')
  async tickets(@Param('id', IdPipe) id: number, @Query(zodPipe(noQuery)) _q: unknown, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const booking = await this.files.bookingFor(user, id);
    refuseVoidDocuments(booking, 'tickets');
    if (!canDownloadTickets(booking.view)) throw new AppError(409, 'Not available', TICKETS_NOT_AVAILABLE);
    const { stream } = await this.files.open(id, booking, { kind: 'tickets', language: 'eng', find: ticketsOf });
    const pdf = await readAll(stream);
    res.status(200);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ IsOk: true, Code: 200, Content: pdf.toString('base64'), FileName: documentFileName({ bookingId: id, kind: 'tickets', language: 'eng' }), ErrorTitle: null, ErrorMessage: null });
  }

  private async download(id: number, kind: DocumentKind, language: DocumentLanguage, user: AuthUser, res: Response): Promise<void> {
    const booking = await this.files.bookingFor(user, id);
    refuseVoidDocuments(booking, kind);
    const { doc, stream } = await this.files.open(id, booking, { kind, language, find: issued(kind, language) });
    // The file as stored, read whole (a document is a few hundred KB at most): its Content-Length is the bytes
    // sent, never the size recorded with the document, which a file made again since (its record names the first
    // make's size) need not have. A read that fails answers an error instead of a cut-off attachment.
    const pdf = await readAll(stream);
    startPdfAttachment(res, documentFileName({ bookingId: id, kind, language }), pdf.length);
    res.setHeader('X-Document-Version', String(doc.bookingVersion));
    res.end(pdf);
  }
}
