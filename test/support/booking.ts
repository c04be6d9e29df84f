import { CommandBus } from '@nestjs/cqrs';
import { BookingFaults, bookingForDocuments, SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { apiSuite, bearer, tokenFor, type ApiSuite } from './api';
import { CHILD_PERIOD_PRICES, periodFromYesterday } from './catalog';
import { registerTenants } from './identity';
import { seedDemo } from './reference';

/** The version an operator's open form holds: the booking's own, read from its stream (the read models may lag). */
export async function versionOf(api: ApiSuite, bookingId: number): Promise<number> {
  const booking = await bookingForDocuments(api.store, bookingId);
  if (!booking) throw new Error(`booking ${bookingId} not found`);
  return booking.view.version;
}

/** A supplier selling one tour with one offer on one slot group, an agency it contracts, and their users. */
export interface BookableSetup {
  supplierId: number;
  agencyId: number;
  tourId: number;
  offerId: number;
  groupId: number;
  timeSlotId: number;
  hotelId: number;
  /** Tomorrow + 2 days: inside the period, past the minimum advance. */
  date: string;
  admin: Record<string, string>;
  operations: Record<string, string>;
  accounts: Record<string, string>;
  /** The agency admin, and a second agent of the agency. */
  agent: Record<string, string>;
  agent2: Record<string, string>;
  agentEmail: string;
}

export interface BookableOptions {
  capacity?: number;
  /** 0 Live, 1 OnRequest. */
  slotType?: 0 | 1;
  commission?: number | null;
  minimumAdvancedBooking?: number;
  offer?: Record<string, unknown>;
  tour?: Record<string, unknown>;
}

/** The first live language; a fresh database has none until a superadmin adds one (named `added`). */
export async function someLanguage(api: ApiSuite, added: { name: string; code: string } = { name: 'Booking lang', code: 'bkg' }): Promise<{ id: number }> {
  const lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first<{ id: number } | undefined>();
  if (lang) return lang;
  const superadmin = bearer(await tokenFor(['superadmin'], { supplierId: null }));
  const saved = ok<{ id: number; position: string }>(await api.http.post('/api/languages').set(superadmin).send({ id: 0, ...added, isOffers: true, imgUrl: '/flags/xx.svg' }), 'language');
  await api.settled('languages', saved.position);
  return saved;
}

const ok = <T>(res: { status: number; body: { Content: T; ErrorMessage?: string } }, what: string): T => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.ErrorMessage ?? JSON.stringify(res.body)}`);
  return res.body.Content;
};

/**
 * Makes the whole chain a booking needs through the API (tour, offer, a period covering the next two months
 * at the worked example's prices, a slot group and its slot) and a contract through the command. Needs
 * seedDemo() first (languages, hotels).
 */
export async function bookableSetup(api: ApiSuite, o: BookableOptions = {}): Promise<BookableSetup> {
  const { supplierId, agencyId } = await registerTenants(api.app);
  const admin = bearer(await tokenFor(['admin'], { supplierId }));
  const lang = await someLanguage(api);
  const tour = ok<{ id: number; position: string }>(await api.http.post('/api/tours').set(admin).send({ id: 0, nameInternal: 'BK', nameDisplay: 'Booking Tour', languageId: lang.id, toursCategories: [1], ...o.tour }), 'tour');
  // The offer's save looks its tour up in the tours read model.
  await api.settled('tours', tour.position);
  const group = ok<{ id: number }>(
    await api.http.post('/api/timeslots/group').set(admin).send({ id: 0, name: 'Seats', capacity: o.capacity ?? 20, minimumAdvancedBooking: o.minimumAdvancedBooking ?? 12, pickUpTimeId: null, isTimeSlotsIndependant: false }),
    'group',
  );
  const slot = ok<{ id: number; position: string }>(
    await api.http.post('/api/timeslots').set(admin).send({ id: 0, groupId: group.id, name: 'Morning', timeType: 0, startTimeDescription: '09:00', endTimeDescription: '13:00', duration: 240, type: o.slotType ?? 0, cutOffResponseTime: o.slotType === 1 ? 6 : null, daysOfferedList: [0] }),
    'slot',
  );
  await api.settled('time_slot_groups', slot.position);
  const offer = ok<{ id: number }>(
    await api.http.post('/api/offers').set(admin).send({ id: 0, tourId: tour.id, nameInternal: 'BK-STD', nameDisplay: 'Booking Tour — Standard', maxNumOfPeople: 30, numberOfHours: 4, childrenAllowed: true, timeSlots: [slot.id], ...o.offer }),
    'offer',
  );
  const today = dubaiToday();
  const period = ok<{ position: string }>(await api.http.post('/api/validperiods').set(admin).send(periodFromYesterday(offer.id, 60, CHILD_PERIOD_PRICES)), 'period');
  await api.settled('offers', period.position);
  await api.app.get(CommandBus).execute(new SignContractCommand(supplierId, agencyId, o.commission ?? null, systemContext('test')));
  const hotel = await api.db('hotels').select('id').orderBy('id').first<{ id: number }>();
  const agentEmail = `agent.a${agencyId}@test.local`;
  return {
    supplierId,
    agencyId,
    tourId: tour.id,
    offerId: offer.id,
    groupId: group.id,
    timeSlotId: slot.id,
    hotelId: hotel.id,
    date: addDays(today, 3),
    admin,
    operations: bearer(await tokenFor(['operations'], { supplierId })),
    accounts: bearer(await tokenFor(['accounts'], { supplierId })),
    agent: bearer(await tokenFor(['agent'], { supplierId: null, agencyId, isAgencyAdmin: true, email: agentEmail })),
    agent2: bearer(await tokenFor(['agent'], { supplierId: null, agencyId, email: `agent2.a${agencyId}@test.local` })),
    agentEmail,
  };
}

/** A booking body for the setup: one adult by default. */
export const bookingBody = (s: BookableSetup, over: Record<string, unknown> = {}) => ({
  date: s.date,
  hotelId: s.hotelId,
  tourId: s.tourId,
  offerId: s.offerId,
  timeSlotId: s.timeSlotId,
  adults: 1,
  children: 0,
  infants: 0,
  guestName: 'Anna Smirnova',
  roomNumber: '1204',
  phones: ['+971501234567'],
  paid: 0,
  collect: 0,
  voucherNumber: '',
  notes: '',
  ...over,
});

/**
 * apiSuite() with the demo data and one bookableSetup() made in a beforeAll of its own: a file whose tests all book
 * against one supplier. `s` is filled in by that beforeAll: read its fields inside hooks and tests.
 */
export function bookableSuite(options: BookableOptions = {}): { api: ApiSuite; s: BookableSetup } {
  const api = apiSuite();
  const s = {} as BookableSetup;
  beforeAll(async () => {
    await seedDemo(api.app);
    Object.assign(s, await bookableSetup(api, options));
  });
  return { api, s };
}

/** An agent's booking whose process dies between the seat append and the booking append: seats taken, no booking. */
export async function bookWithCrashBetweenAppends(api: ApiSuite, s: BookableSetup, over: Record<string, unknown>): Promise<void> {
  const faults = api.app.get(BookingFaults);
  faults.beforeBookingAppend = () => Promise.reject(new Error('killed between the two appends'));
  try {
    await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, over));
  } finally {
    faults.beforeBookingAppend = null;
  }
}
