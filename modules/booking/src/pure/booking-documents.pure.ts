import type { DocumentIssuedData, DocumentKind, DocumentLanguage } from '@tbo/event-schemas';

/**
 * Which of a booking's events change what its documents show. A document is made for the booking as it stood
 * right after such an event (its revision is the document's booking version, and the invoice's and vouchers'
 * numbers); any other event (a voided seat claim, a completion, a check-in, ticket codes taken or given back, a
 * document's own record) leaves the documents as they are, so issuing one never asks for another, and a
 * version's invoice and vouchers never show such a later event (see bookingForDocuments).
 * `BookingTicketsShort` is one: it puts a confirmed booking back to pending, which the voucher prints, so the
 * booking gets a new invoice and vouchers numbered for it (the invoice's content is the same, its number new).
 * Pure (shared with the documents module and the browser).
 */
export const DOCUMENT_CHANGING_EVENTS = ['BookingCreated', 'BookingConfirmed', 'BookingGuestAmended', 'BookingRescheduled', 'BookingCancelled', 'BookingDeclined', 'BookingTicketsShort'] as const;

export const changesDocuments = (type: string): boolean => (DOCUMENT_CHANGING_EVENTS as readonly string[]).includes(type);

export interface IssuedDocument extends Omit<DocumentIssuedData, 'id' | 'supplierId'> {
  /** The stream revision of the DocumentIssued event. */
  revision: number;
}

/** The list of issued documents with one more (no duplicates of a kind, language and version). */
export function documentsOf(list: IssuedDocument[], d: DocumentIssuedData, revision: number): IssuedDocument[] {
  const { id: _id, supplierId: _s, ...fields } = d;
  if (list.some((x) => x.kind === d.kind && x.language === d.language && x.bookingVersion === d.bookingVersion)) return list;
  return [...list, { ...fields, revision }];
}

export type DocumentRef = { kind: DocumentKind; language: DocumentLanguage };

/** The documents a booking has in a state: none when declined, the invoice only when cancelled, else all three. */
export function documentsFor(status: { cancelled: boolean; declined: boolean }): DocumentRef[] {
  if (status.declined) return [];
  if (status.cancelled) return [{ kind: 'invoice', language: 'eng' }];
  return [
    { kind: 'invoice', language: 'eng' },
    { kind: 'voucher', language: 'eng' },
    { kind: 'voucher', language: 'rus' },
  ];
}
