import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { SignContractCommand } from '@tbo/booking';
import { EVENT_STORE, KNEX, systemContext, type EventStore } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { seedReference } from '../../apps/api/src/seed/seed-reference';
import { allSettled } from '../support/reference';
import { CHILD_PERIOD_PRICES, periodFromYesterday } from '../support/catalog';
import type { BenchApi } from './bench-api';

/**
 * The chain a booking needs, made through the bench API as test/support/booking.ts makes it for the tests: reference
 * data (hotels, tour categories) through the seed's own command, a language, a tour with one offer on the given slot
 * groups, a period covering the next 100 days at the worked example's prices, a contract, and the agency's agents.
 */

export const BENCH_SUPPLIER = 1;
export const BENCH_AGENCY = 5;

export interface GroupSpec {
  name: string;
  capacity: number;
  /** Independent: each slot has seats of its own (`slotCapacity`); else the slots share the group's. */
  independent: boolean;
  slots: number;
  slotCapacity?: number;
}

export interface BenchBookable {
  supplierId: number;
  agencyId: number;
  tourId: number;
  offerId: number;
  hotelId: number;
  /** The slot ids of each group, in the order the groups were given. */
  groups: { id: number; slotIds: number[] }[];
  /** The first bookable date: past every minimum advance, inside the period. */
  firstDate: string;
  admin: { authorization: string };
  operations: { authorization: string };
  /** Agents of the agency, the first its admin; each with the users-table id the lists show. */
  agents: { authorization: string; email: string; userId: number }[];
  port: number;
}

/** A token for an agent of the bench agency (registered on first use). */
async function agentAuth(api: BenchApi, email: string, admin: boolean): Promise<{ authorization: string }> {
  const { tokenIn } = await import('../support/api');
  const token = await tokenIn(api.app, ['agent'], { email, fullName: `Bench Agent ${email.split('@')[0]}`, supplierId: null, agencyId: BENCH_AGENCY, isAgencyAdmin: admin }, 3600);
  return { authorization: `Bearer ${token}` };
}

export async function benchBookable(api: BenchApi, groups: GroupSpec[], agentCount: number): Promise<BenchBookable> {
  const { app } = api;
  // Emails of this call's own: the token helper remembers the users it registered for the whole process, whose
  // other benchmarks have databases of their own.
  const tag = randomUUID().slice(0, 8);
  const db = app.get<Knex>(KNEX);
  const store = app.get<EventStore>(EVENT_STORE);
  await seedReference(app, () => allSettled(app));
  const root = await api.auth(['superadmin'], { email: `bench.${tag}.platform@example.com`, fullName: 'Bench', supplierId: null });
  const admin = await api.auth(['admin'], { email: `bench.${tag}.admin@example.com`, fullName: 'Bench Admin', supplierId: BENCH_SUPPLIER });
  const operations = await api.auth(['operations'], { email: `bench.${tag}.operations@example.com`, fullName: 'Bench Operations', supplierId: BENCH_SUPPLIER });
  const lang = await api.post<{ id: number; position: string }>('/api/languages', root, { id: 0, name: 'Bench English', code: 'ben', isOffers: true, imgUrl: '/flags/xx.svg' });
  await waitForProjection(db, store, 'languages', lang.position, 30_000);
  const category = await db('tour_categories').select('id').orderBy('id').first<{ id: number } | undefined>();
  const tour = await api.post<{ id: number }>('/api/tours', admin, { id: 0, nameInternal: 'BENCH-DHOW', nameDisplay: 'Dhow Cruise Dinner', languageId: lang.id, toursCategories: [category?.id ?? 1] });
  const made: { id: number; slotIds: number[] }[] = [];
  let position = '';
  for (const g of groups) {
    const group = await api.post<{ id: number }>('/api/timeslots/group', admin, { id: 0, name: g.name, capacity: g.capacity, minimumAdvancedBooking: 2, pickUpTimeId: null, isTimeSlotsIndependant: g.independent });
    const slotIds: number[] = [];
    for (let i = 0; i < g.slots; i++) {
      const hour = 6 + (i % 14);
      const slot = await api.post<{ id: number; position: string }>('/api/timeslots', admin, {
        id: 0,
        groupId: group.id,
        name: `${g.name} ${i + 1}`,
        timeType: 0,
        startTimeDescription: `${String(hour).padStart(2, '0')}:00`,
        endTimeDescription: `${String(hour + 3).padStart(2, '0')}:00`,
        duration: 180,
        type: 0,
        cutOffResponseTime: null,
        daysOfferedList: [0],
        ...(g.independent ? { capacity: g.slotCapacity ?? g.capacity } : {}),
      });
      slotIds.push(slot.id);
      position = slot.position;
    }
    made.push({ id: group.id, slotIds });
  }
  await waitForProjection(db, store, 'time_slot_groups', position, 30_000);
  const offer = await api.post<{ id: number }>('/api/offers', admin, {
    id: 0,
    tourId: tour.id,
    nameInternal: 'BENCH-DHOW-STD',
    nameDisplay: 'Dhow Cruise Dinner — Standard',
    maxNumOfPeople: 30,
    numberOfHours: 3,
    childrenAllowed: true,
    timeSlots: made.flatMap((g) => g.slotIds),
  });
  const today = dubaiToday();
  const period = await api.post<{ position: string }>('/api/validperiods', admin, periodFromYesterday(offer.id, 100, CHILD_PERIOD_PRICES));
  await waitForProjection(db, store, 'offers', period.position, 30_000);
  const hotel = await db('hotels').select('id').orderBy('id').first<{ id: number }>();
  const agents: BenchBookable['agents'] = [];
  for (let i = 0; i < agentCount; i++) {
    const email = `bench.${tag}.agent${i + 1}@example.com`;
    const auth = await agentAuth(api, email, i === 0);
    const row = await db('users').select('id').where({ email }).first<{ id: number }>();
    agents.push({ ...auth, email, userId: row.id });
  }
  // The agency exists once its first agent is registered.
  await app.get(CommandBus).execute(new SignContractCommand(BENCH_SUPPLIER, BENCH_AGENCY, null, systemContext('bench')));
  return {
    supplierId: BENCH_SUPPLIER,
    agencyId: BENCH_AGENCY,
    tourId: tour.id,
    offerId: offer.id,
    hotelId: hotel.id,
    groups: made,
    firstDate: addDays(today, 2),
    admin,
    operations,
    agents,
    port: (app.getHttpServer().address() as AddressInfo).port,
  };
}

const GUESTS = ['Anna Smirnova', 'Oliver Brown', 'Fatima Al Mansouri', 'Hans Müller', 'Priya Sharma', 'Lucas Martin', 'Yuki Tanaka', 'Omar Haddad'];

/** A booking body as the add-booking form sends it: one or two adults, a guest, a phone. */
export function bookingBody(s: BenchBookable, timeSlotId: number, date: string, i: number): Record<string, unknown> {
  return {
    date,
    hotelId: s.hotelId,
    tourId: s.tourId,
    offerId: s.offerId,
    timeSlotId,
    adults: 1,
    children: 0,
    infants: 0,
    guestName: `${GUESTS[i % GUESTS.length]} ${i}`,
    roomNumber: String(100 + (i % 900)),
    phones: [`+9715012${String(i % 100000).padStart(5, '0')}`],
    paid: 0,
    collect: 0,
    voucherNumber: `BV-${i}`,
    notes: '',
  };
}

/** Every booking request carries a key of its own, as the add-booking form sends one. */
export const idempotencyKey = () => ({ 'idempotency-key': `bench-${randomUUID()}` });
