import type { Knex } from 'knex';
import type { BookingForDocuments } from '@tbo/booking';
import { offerForSale } from '@tbo/catalog';
import type { EventStore } from '@tbo/kernel';
import { findTimeSlot } from '@tbo/read-models';
import { supplierProfileOf, type SupplierProfile } from '@tbo/supplier';

/** Everything a document prints: the booking at its version (authoritative), the supplier's profile, the agency's name, the notes to clients. */
export interface DocumentFacts {
  booking: BookingForDocuments;
  supplier: SupplierProfile;
  /** Null for a sale by the supplier's own staff. */
  agencyName: string | null;
  /** Rich text: the offer's or tour's notes to clients after booking, else the supplier's default. */
  notesToClient: string;
  /** How the slot's external codes are printed on tickets (spec 02 §4: 0 None, 1 QR Code, 2 Bar Code); 0 without tickets. */
  ticketCodeType: 0 | 1 | 2;
}

/** The booking reference a voucher's QR code holds and a guest quotes. */
export const bookingReference = (bookingId: number): string => `BK-${bookingId}`;
export const invoiceNumber = (bookingId: number, version: number): string => `INV-${bookingId}-${version}`;
export const voucherNumber = (bookingId: number, version: number): string => `VCH-${bookingId}-${version}`;

/** Gathers the facts of one document; the agency's name is a lookup whose lag is harmless (names only). */
export async function documentFacts(deps: { store: EventStore; db: Knex }, booking: BookingForDocuments): Promise<DocumentFacts> {
  const v = booking.view;
  const [supplier, offer, agency] = await Promise.all([
    supplierProfileOf(deps.store, v.supplierId),
    offerForSale(deps.store, v.offerId),
    v.agencyId ? deps.db('agencies').select('name').where({ id: v.agencyId }).first<{ name: string } | undefined>() : Promise.resolve(undefined),
  ]);
  // The slot's code type is a display choice: the read table's lag is harmless.
  const slot = v.tickets?.length && v.timeSlotId ? await findTimeSlot(deps.db, v.supplierId, v.timeSlotId) : null;
  return {
    booking,
    supplier,
    ticketCodeType: (slot?.fields.externalProviderCodeType ?? 0) as 0 | 1 | 2,
    agencyName: v.agencyId ? (agency?.name ?? `#${v.agencyId}`) : null,
    notesToClient: offer?.notesToClientsPostBooking || supplier.defaultSettings.notesToClientPostBooking,
  };
}
