import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { agentScope, bookingForDocuments, bookingNotFound, inScope, type BookingForDocuments, type IssuedDocument } from '@tbo/booking';
import type { DocumentKind, DocumentLanguage } from '@tbo/event-schemas';
import { AppError, EVENT_STORE, KNEX, type AuthUser, type EventStore, type FileStorage } from '@tbo/kernel';
import { DOCUMENT_STORAGE } from './document-storage';
import { DocumentQueue } from './document-queue';

/** How long a download waits for a document being made before it answers 'Not ready'. */
export const DOCUMENT_WAIT_MS = 6_000;
const POLL_MS = 150;

export const documentNotReady = (kind: DocumentKind) => new AppError(409, 'Not ready', `The ${kind} is still being made. Please try again in a minute.`);

/** Which issued document a download answers, given the booking's current version. */
export interface WantedDocument {
  kind: DocumentKind;
  language: DocumentLanguage;
  /** Picks it among the booking's issued documents of `version`; null while it is not made. */
  find: (b: Pick<BookingForDocuments, 'documents'>, version: number) => IssuedDocument | null;
}

/**
 * The downloads' shared path to a file (spec 02 §7): the booking as the caller may see it (another tenant's is
 * 'not found', never 'forbidden'), then the document of its current version. The worker makes each version's
 * documents; one not made yet, or recorded but whose file is gone (a lost disk, a restore from an older backup),
 * is queued at the front at once and waited for briefly: the job makes a missing file again.
 */
@Injectable()
export class DocumentFiles {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DOCUMENT_STORAGE) private readonly storage: FileStorage,
    private readonly queue: DocumentQueue,
  ) {}

  async bookingFor(user: AuthUser, id: number): Promise<BookingForDocuments> {
    const booking = await bookingForDocuments(this.store, id);
    if (!booking || !inScope(booking.view, await agentScope(this.db, user))) throw bookingNotFound();
    return booking;
  }

  /** The current version's document and its content; 'Not ready' when it could not be made in time. */
  async open(id: number, booking: BookingForDocuments, wanted: WantedDocument): Promise<{ doc: IssuedDocument; stream: Readable }> {
    const version = booking.currentVersion;
    const now = await this.stored(booking, version, wanted);
    if (now) return now;
    await this.queue.hurry({ bookingId: id, version, kind: wanted.kind, language: wanted.language });
    const deadline = Date.now() + DOCUMENT_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      const later = await bookingForDocuments(this.store, id);
      const made = later && (await this.stored(later, version, wanted));
      if (made) return made;
    }
    throw documentNotReady(wanted.kind);
  }

  /** The document of `version` when it is recorded and its file is there (opened: it stays readable whatever happens to the key). */
  private async stored(booking: Pick<BookingForDocuments, 'documents'>, version: number, wanted: WantedDocument): Promise<{ doc: IssuedDocument; stream: Readable } | null> {
    const doc = wanted.find(booking, version);
    const stream = doc && (await this.storage.get(doc.storageKey));
    return doc && stream ? { doc, stream } : null;
  }
}
