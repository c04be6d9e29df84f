/**
 * The offer (ticket) as GET /api/offers/manage/{id} answers it and POST/PUT /api/offers take it back (spec 01 §3),
 * and a valid period as POST /api/validperiods takes and answers it. Mirrors modules/catalog/src/offers/offer.commands.ts.
 */
import type { ConvType } from '@tbo/catalog/src/pricing/price-model.pure';

export interface CancellationOption {
  hours: number;
  percents: number;
}

/** Ticket type categories: Adult 0, Child 1, Infant 2. */
export type TicketCategory = 0 | 1 | 2;
export interface OfferTicketType {
  ticketTypeId: number;
  type: TicketCategory;
}

/** 0 On Request, 1 Live Book (default), 2 Ticket Only. */
export type BookingType = 0 | 1 | 2;

/** The 24 prices and 3 commissions of a period, flat as the API carries them. */
export interface FlatPrices {
  pricePerAdultRecAedVat: number | null;
  pricePerAdultRecAed: number | null;
  pricePerAdultRecUsdVat: number | null;
  pricePerAdultRecUsd: number | null;
  pricePerChildRecAedVat: number | null;
  pricePerChildRecAed: number | null;
  pricePerChildRecUsdVat: number | null;
  pricePerChildRecUsd: number | null;
  pricePerTripRecAedVat: number | null;
  pricePerTripRecAed: number | null;
  pricePerTripRecUsdVat: number | null;
  pricePerTripRecUsd: number | null;
  pricePerAdultNetAedVat: number | null;
  pricePerAdultNetAed: number | null;
  pricePerAdultNetUsdVat: number | null;
  pricePerAdultNetUsd: number | null;
  pricePerChildNetAedVat: number | null;
  pricePerChildNetAed: number | null;
  pricePerChildNetUsdVat: number | null;
  pricePerChildNetUsd: number | null;
  pricePerTripNetAedVat: number | null;
  pricePerTripNetAed: number | null;
  pricePerTripNetUsdVat: number | null;
  pricePerTripNetUsd: number | null;
  netCommissionPerAdult: number | null;
  netCommissionPerChild: number | null;
  netCommissionPerTrip: number | null;
}

export interface ValidPeriod extends FlatPrices {
  id: number;
  offerId: number;
  /** ISO instants (a period starts and ends at noon, Dubai time). */
  periodStart: string;
  periodEnd: string;
  minimumAdvancedPayment: number;
  vat: number;
  vatK: number;
  convRate: number;
  convType: ConvType;
  defaultCommission: number;
}

export interface SavedValidPeriod extends ValidPeriod {
  /** The offer stream's version after the save. */
  version: number | null;
  position: string | null;
}

/** What POST /api/validperiods takes: VAT and conversion come from the account on the server. */
export interface ValidPeriodInput extends FlatPrices {
  id: number;
  offerId: number;
  periodStart: string;
  periodEnd: string;
  minimumAdvancedPayment: number;
}

export interface OfferFields {
  tourId: number;
  nameInternal: string;
  nameDisplay: string;
  origin: number[];
  minNumOfPeople: number;
  maxNumOfPeople: number;
  numberOfHours: number;
  minimumAdvancedPayment: number;
  isTicketsRequired: boolean;
  ticketsTypes: OfferTicketType[];
  childrenAllowed: boolean;
  childAge: number;
  infantsAllowed: boolean;
  infantAge: number;
  isDirectReporting: boolean;
  allowDirectCollection: boolean;
  isAppendTransactionFeeB2b: boolean;
  description: string;
  notesToClientsPostBooking: string;
  heroImageId: number | null;
  photos: number[];
  timeSlots: number[];
  bookingType: BookingType;
  isOverrideTourCancellationPolicy: boolean;
  cancellationPolicy: CancellationOption[];
}

export interface Offer extends OfferFields {
  id: number;
  isDeleted: boolean;
  validPeriods: ValidPeriod[];
  pricePerAdultRecUsd: number | null;
  pricePerChildRecUsd: number | null;
  pricePerTripRecUsd: number | null;
  periodEnd: string | null;
  /** The stream revision: sent back on save, a stale one answers 409. */
  version: number | null;
  position?: string | null;
}

/** GET /api/account/settings (spec 01 §3 Account settings). */
export interface AccountSettings {
  taxes: { name: string; amount: number; amountK: number }[];
  defaultCommission: number;
  currencyConversionSettings: { baseCurrency: string; secondaryCurrency: string; convRate: number; convType: ConvType };
}

export interface Option {
  value: number;
  label: string;
}

/** GET /api/tickets/types. */
export interface TicketTypeView {
  id: number;
  name: string;
  shortName?: string;
}

/** GET /api/offers/{id}/history. */
export interface OfferHistoryEntry {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: { field: string; before: unknown; after: unknown }[];
}
