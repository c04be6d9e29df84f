import type { AuthUser, CommandContext, IdempotentWork } from '@tbo/kernel';
import type { NewBookingInput, ScheduleInput } from './new-booking.rules';

/**
 * An OCTO reseller's confirmation of its reservation: the agency books (no agent), under its contract, with
 * the booking id and seat claim the reservation allocated, turning the claim's hold into the booking's seats.
 */
export interface ResellerBooking {
  agencyId: number;
  /** The reseller key the booking was made with (kept on BookingCreated). */
  keyId: number;
  bookingId: number;
  claimId: string;
  resellerReference: string | null;
  fromHold: true;
}

/**
 * A booking by the caller of the token. `at`: the moment it is decided at (the seed books the past); now by default.
 * With `reseller`, `user` is not read (the booker is the reseller's agency, channel 'octo'): pass any AuthUser-shaped
 * value, e.g. resellerUser(agencyId, agencyName). A retry with the same reseller booking id answers the booking made.
 * `work`: the request's hold on its Idempotency-Key (idempotentWorkOf), which the create notes its booking on.
 */
export class CreateBookingCommand {
  constructor(
    readonly user: AuthUser,
    readonly input: NewBookingInput,
    readonly context: CommandContext,
    readonly channel: 'backoffice' | 'octo' = 'backoffice',
    readonly at?: Date,
    readonly reseller?: ResellerBooking,
    readonly work?: IdempotentWork,
  ) {}
}

/** The AuthUser a reseller's CreateBookingCommand carries: no roles, no user; only the agency it books for. */
export const resellerUser = (agencyId: number, agencyName = ''): AuthUser => ({
  email: '',
  fullName: agencyName,
  roles: [],
  supplierId: null,
  agencyId,
  agencyName,
  isAgencyAdmin: false,
  issuedAt: 0,
});

export type BookingAction =
  | { kind: 'confirm' }
  | { kind: 'decline'; reason: string }
  | { kind: 'cancel'; reason: string }
  | { kind: 'complete' }
  /** A field left undefined stays as it is; the hotel too, when both hotelId and customHotelName are. */
  | { kind: 'amend'; guestName?: string; roomNumber?: string; phones?: string[]; notes?: string; voucher?: string; hotelId?: number | null; customHotelName?: string | null }
  | ({ kind: 'reschedule' } & ScheduleInput);

/** A change to an existing booking by supplier staff (scope: supplierId) or its agent (scope: the agent). */
export class ChangeBookingCommand {
  constructor(
    readonly bookingId: number,
    readonly scope: BookingScope,
    readonly action: BookingAction,
    readonly context: CommandContext,
    readonly version?: number | null,
    /** The moment it is decided at (the seed changes the past); now by default. */
    readonly at?: Date,
  ) {}
}

/** Whose bookings a caller may touch: a supplier's staff all of the supplier's, an agency admin the agency's, an agent their own. */
/**
 * Whose bookings a caller reaches: a supplier's operators all of the supplier's; an agency's admin the agency's,
 * another agent their own; supplier staff who only sell (sales) the bookings they made as staff agents.
 */
export type BookingScope =
  | { kind: 'supplier'; supplierId: number }
  | { kind: 'agency'; agencyId: number; agentId: number | null }
  | { kind: 'staff'; supplierId: number; staffAgentId: number };

/** The settling step: a seat claim whose booking event was never written is voided and its seats released. */
export class SettleSeatClaimCommand {
  constructor(
    readonly bookingId: number,
    readonly claimId: string,
    readonly departure: { supplierId: number; groupId: number; timeSlotId: number | null; date: string },
    readonly context: CommandContext,
  ) {}
}
