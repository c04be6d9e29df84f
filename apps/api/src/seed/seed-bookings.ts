import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { bookingTotals, ChangeBookingCommand, CreateBookingCommand, NewBookingOptions, round2, type BookingAction, type CreatedBooking, type NewBookingInput } from '@tbo/booking';
import { AppError, KNEX, seededRandom, systemContext, type AuthUser, type Role } from '@tbo/kernel';
import { findSupplierByName, saleableOffers } from '@tbo/read-models';
import { addDays, DepartureSeats, dubaiToday, isDateOffered } from '@tbo/scheduling';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

/** The past month and the next two weeks, as the issue asks: every list and the availability chart have data. */
const DAYS_BACK = 30;
const DAYS_AHEAD = 14;
const GUESTS = ['Anna Smirnova', 'James Walker', 'Olga Ivanova', 'Mohammed Al Farsi', 'Sofia Rossi', 'Hans Becker', 'Aisha Rahman', 'Li Wei', 'Emma Dubois', 'Dmitry Orlov', 'Fatima Zahra', 'Lucas Silva', 'Yuki Tanaka', 'Priya Patel', 'Igor Volkov', 'Chloe Martin'];


/** A demo user as their token would carry them: who the seed books as. */
export async function tokenUser(db: Knex, email: string): Promise<AuthUser | null> {
  const u = await db('users').select('email', 'full_name', 'roles', 'supplier_id', 'agency_id', 'agency_name', 'is_agency_admin').where({ email }).first();
  if (!u) return null;
  return { email: u.email, fullName: u.full_name, roles: u.roles as Role[], supplierId: u.supplier_id, agencyId: u.agency_id, agencyName: u.agency_name, isAgencyAdmin: u.is_agency_admin, issuedAt: 0 };
}

/**
 * When a booking up to today was made: 2 to 6 days before its date. The caller draws `roll` for every booking, after
 * today too, so that the rest of the demo draws the same numbers whichever day the seed runs.
 */
function bookedAtFor(date: string, day: number, roll: number): Date | null {
  return day <= 0 ? new Date(Date.parse(`${addDays(date, -2 - Math.floor(roll * 5))}T06:00:00Z`)) : null;
}

interface Planned {
  booker: AuthUser;
  /** When it is booked: days before its date up to today's (agents book from tomorrow); null (now) after today. */
  bookedAt: Date | null;
  roll: number;
  input: NewBookingInput;
}

/**
 * What the guest paid at booking and what is left to collect on the day, so the lists, manifests and invoices show
 * money: paid in full, a quarter paid with the rest collected, all collected, or nothing (billed to the agency).
 * Chosen from digits of the booking's own roll, so the demo draws no more numbers than before.
 */
export function demoPayment(totalUsd: number, roll: number): Pick<NewBookingInput, 'paid' | 'collect'> {
  const deposit = round2(totalUsd * 0.25);
  const plans = [
    { paid: totalUsd, collect: 0 },
    { paid: deposit, collect: round2(totalUsd - deposit) },
    { paid: 0, collect: totalUsd },
    { paid: 0, collect: 0 },
  ];
  return plans[Math.floor(roll * 1000) % plans.length]!;
}

/** The demo booking's total at the date's prices (what the add-booking form shows), for its payment. */
async function withPayment(options: NewBookingOptions, p: Planned): Promise<NewBookingInput> {
  const [price] = await options.prices(p.booker, { tourId: p.input.tourId, date: p.input.date, offerId: p.input.offerId });
  if (!price) return p.input;
  return { ...p.input, ...demoPayment(bookingTotals(price.prices, p.input).totalUsd, p.roll) };
}

/**
 * One demo booking and what became of it; false when the departure refused it (full, or past its advance rule).
 * `day`: its date, in days from today.
 */
async function book(commands: CommandBus, options: NewBookingOptions, supplierId: number, p: Planned, day: number): Promise<boolean> {
  const context = systemContext('seed');
  let created: CreatedBooking;
  try {
    created = await commands.execute(new CreateBookingCommand(p.booker, await withPayment(options, p), context, 'backoffice', p.bookedAt ?? undefined));
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
  const later = p.bookedAt ? new Date(p.bookedAt.getTime() + 3_600_000) : undefined;
  const change = (action: BookingAction) => commands.execute(new ChangeBookingCommand(created.id, { kind: 'supplier', supplierId }, action, context, null, later));
  if (created.status === 1) {
    // Pending ones after today are left for operations to answer (due in the slot's response time from now); those up
    // to today were answered, as they would have been by their day.
    if (day > 0) return true;
    if (p.roll > 0.85) {
      await change({ kind: 'decline', reason: 'No guide available that day' });
      return true;
    }
    await change({ kind: 'confirm' });
  }
  if (p.roll > 0.92) await change({ kind: 'cancel', reason: 'Guest changed plans' });
  // Completed now, after its date: a booking cannot be completed before its tour has run.
  else if (day < 0) await commands.execute(new ChangeBookingCommand(created.id, { kind: 'supplier', supplierId }, { kind: 'complete' }, context, null));
  return true;
}

/**
 * A few hundred demo bookings through the booking commands. One up to today is decided at a moment before its date
 * (so it passes the rules it would have passed then, agents booking from tomorrow) and, if pending, answered; one
 * after today is booked now, so that a pending one's answer-by time and the time the panel shows it booked (when
 * the store recorded it) agree. By both demo agents and the supplier's admin as a staff agent, some pending
 * (On Request offers and slots) then confirmed or declined, some cancelled, past ones completed. Only while the
 * seed has booked nothing for the demo supplier: a second run adds nothing.
 */
export function seedBookings(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'bookings', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const commands = app.get(CommandBus);
    const options = app.get(NewBookingOptions);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier) return 0;
    // Bookings the seed made (its commands run as 'system:seed'): others' bookings of the demo supplier do not count.
    if (await db('booking_details').where({ supplier_id: supplier.id }).whereRaw("view->>'bookedByUserId' = ?", ['system:seed']).first()) return 0;
    const bookers = (await Promise.all(['agent@demo.test', 'agent2@demo.test', 'admin@demo.test'].map((e) => tokenUser(db, e)))).filter((u): u is AuthUser => !!u);
    if (!bookers.length) return 0;
    const offers = (await saleableOffers(db, [supplier.id])).filter((o) => o.details.timeSlots.length > 0);
    const slots = await app.get(DepartureSeats).slots(supplier.id, offers.flatMap((o) => o.details.timeSlots));
    const hotels: { id: number }[] = await db('hotels').select('id').orderBy('id').limit(40);
    const rnd = seededRandom(20261124);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const today = dubaiToday();
    let made = 0;
    for (let day = -DAYS_BACK; day <= DAYS_AHEAD; day++) {
      const date = addDays(today, day);
      // The day's bookings are drawn first, in order, so the demo is the same every time.
      const planned: Planned[] = [];
      for (const offer of offers) {
        const offered = offer.details.timeSlots.filter((id) => slots.has(id) && isDateOffered(slots.get(id)!.daysOffered, date));
        if (!offered.length) continue;
        const count = Math.floor(rnd() * 4);
        for (let n = 0; n < count; n++) {
          const adults = 1 + Math.floor(rnd() * Math.min(3, offer.details.maxNumOfPeople));
          planned.push({
            booker: pick(bookers),
            bookedAt: bookedAtFor(date, day, rnd()),
            roll: rnd(),
            input: {
              date, tourId: offer.tourId, offerId: offer.id, timeSlotId: pick(offered), adults, children: offer.details.childrenAllowed && rnd() < 0.4 ? 1 : 0, infants: 0, foc: 0,
              hotelId: pick(hotels).id, customHotelName: null, guestName: pick(GUESTS), roomNumber: String(100 + Math.floor(rnd() * 900)), phones: [`+97150${String(1_000_000 + Math.floor(rnd() * 8_999_999))}`],
              paid: 0, paidOrig: null, collect: 0, collectOrig: null, voucherNumber: rnd() < 0.5 ? `GH-${date.replaceAll('-', '')}-${n + 1}` : '', notes: rnd() < 0.15 ? 'Vegetarian meal, please' : '',
              arrivalId: null, groupId: null, groupInfoId: null,
            },
          });
        }
      }
      for (const p of planned) if (await book(commands, options, supplier.id, p, day)) made++;
    }
    await catchUp();
    return made;
  });
}
