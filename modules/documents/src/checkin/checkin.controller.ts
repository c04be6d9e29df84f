import { Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { bookingNotFound, bookingForCheckIn, BOOKING_STATUS, BOOKING_STATUS_TEXT, checkInBooking, checkInOpen, type BookingView, type CheckInKind } from '@tbo/booking';
import { ApiController, commandContextFrom, CommandQueryController, CommandRunner, CurrentUser, ForbiddenError, GetRoute, PG_INT_MAX, PostRoute, supplierScope, zodPipe, type AuthUser } from '@tbo/kernel';
import { manifestReference } from '../manifests/manifest-groups';
import { isAssigned } from '../manifests/manifest-staff';
import { CheckInClock } from './checkin-clock';

/** Who checks guests in: the day's staff, operations and admins. */
const CHECKERS = ['driver', 'guide', 'operations', 'admin'] as const;

/** The reference the voucher's QR carries: BK-<id> (any case); a bare id is accepted too. */
const referenceParam = z
  .string()
  .regex(/^(?:bk-)?\d{1,10}$/i, 'reference must be a booking reference such as BK-1001')
  .transform((v) => Number(v.replace(/^bk-/i, '')))
  .refine((n) => n > 0 && n <= PG_INT_MAX, 'reference must be a booking reference such as BK-1001');

export interface CheckInAnswer {
  reference: string;
  guestName: string;
  adults: number;
  children: number;
  infants: number;
  foc: number;
  tourName: string;
  offerName: string;
  date: string;
  slotName: string | null;
  startTime: number | null;
  endTime: number | null;
  hotelName: string;
  roomNumber: string;
  status: number;
  statusText: string;
  checkIn: { kind: CheckInKind; at: string; byName: string } | null;
  /** Whether the booking's state lets a guest be checked in (confirmed or completed). */
  canCheckIn: boolean;
  /** The tour's date while it is still ahead (a guest cannot be checked in before it), else null. */
  opensOn: string | null;
  position?: string | null;
}

function answerOf(v: BookingView, now: Date, position?: string | null): CheckInAnswer {
  const c = v.checkIn ?? null;
  return {
    reference: manifestReference(v.id),
    guestName: v.guestName,
    adults: v.adults,
    children: v.children,
    infants: v.infants,
    foc: v.foc,
    tourName: v.tourName,
    offerName: v.offerName,
    date: v.date,
    slotName: v.timeSlotName,
    startTime: v.startTime,
    endTime: v.endTime,
    hotelName: v.customHotelName || v.hotelName,
    roomNumber: v.roomNumber,
    status: v.status,
    statusText: BOOKING_STATUS_TEXT[v.status],
    checkIn: c && { kind: c.kind, at: c.at, byName: c.byName },
    canCheckIn: v.status === BOOKING_STATUS.normal || v.status === BOOKING_STATUS.completed,
    opensOn: checkInOpen(v.date, now) ? null : v.date,
    ...(position !== undefined && { position }),
  };
}

/**
 * The page the voucher's QR opens (/checkin/BK-<id>): the booking read from its stream, and the guest's
 * redemption or no-show recorded on it. Another supplier's booking is 'not found'; a driver or guide not assigned
 * to the booking's slot-date is refused.
 */
@ApiController('checkin', 'api/checkin')
export class CheckInController extends CommandQueryController {
  constructor(
    private readonly runner: CommandRunner,
    private readonly clock: CheckInClock,
  ) {
    super();
  }

  @GetRoute(':reference', CHECKERS, 'The booking behind a voucher QR: guest, counts, tour, date, slot, status and its check-in')
  async one(@Param('reference', zodPipe(referenceParam)) id: number, @CurrentUser() user: AuthUser): Promise<CheckInAnswer> {
    return answerOf(await this.allowed(id, user), this.clock.now());
  }

  @PostRoute(':reference/redeem', CHECKERS, 'Records BookingRedeemed; a second time answers 409 saying when and by whom it was redeemed')
  redeem(@Param('reference', zodPipe(referenceParam)) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<CheckInAnswer> {
    return this.record(id, 'redeemed', user, req);
  }

  @PostRoute(':reference/noshow', CHECKERS, 'Records BookingNoShow (refused once the guest is redeemed)')
  noShow(@Param('reference', zodPipe(referenceParam)) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<CheckInAnswer> {
    return this.record(id, 'noShow', user, req);
  }

  private async record(id: number, kind: CheckInKind, user: AuthUser, req: Request): Promise<CheckInAnswer> {
    await this.allowed(id, user);
    const now = this.clock.now();
    const done = await checkInBooking(this.runner, id, kind, { userId: user.email, name: user.fullName }, now, commandContextFrom(req, user));
    return answerOf(done.view, now, done.position);
  }

  private async allowed(id: number, user: AuthUser): Promise<BookingView> {
    const supplierId = supplierScope(user);
    const view = await bookingForCheckIn(this.store, id);
    if (!view || view.supplierId !== supplierId) throw bookingNotFound();
    const runsTheDay = user.roles.includes('operations') || user.roles.includes('admin');
    if (!runsTheDay) {
      const slot = view.timeSlotId ? { supplierId, timeSlotId: view.timeSlotId, date: view.date } : null;
      if (!slot || !(await isAssigned(this.store, slot, user.email))) throw new ForbiddenError('You are not assigned to this booking’s tour on that day');
    }
    return view;
  }
}
