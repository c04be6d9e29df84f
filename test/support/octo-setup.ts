import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { bearer, tokenFor, type ApiSuite } from './api';
import { CHILD_PERIOD_PRICES, periodFromYesterday } from './catalog';
import { registerTenants } from './identity';
import { seedDemo } from './reference';
import { issuedResellerKey } from './reseller-keys';

/**
 * A supplier selling one tour over OCTO: one offer (adults, children and infants) on a slot group with a start
 * time per `starts` (sharing the group's seats), a pick-up time serving one hotel, a period covering the next two
 * months at the worked example's prices (child 50, net 40), a contract with an agency, and that agency's reseller
 * key; cancelling 24 hours ahead refunds in full. Needs seedDemo() first (hotels).
 */
export interface OctoSetup {
  supplierId: number;
  agencyId: number;
  agencyName: string;
  tourId: number;
  offerId: number;
  groupId: number;
  slotIds: number[];
  hotelId: number;
  /** Tomorrow + 2: inside the period, past the minimum advance. */
  date: string;
  admin: Record<string, string>;
  operations: Record<string, string>;
  /** The agency's admin agent: its list shows every booking of the agency. */
  agent: Record<string, string>;
  key: string;
  keyId: number;
  /** Authorization and Octo-Capabilities for OCTO calls with every capability. */
  octo: Record<string, string>;
}

export interface OctoSetupOptions {
  capacity?: number;
  commission?: number | null;
  /** Start times of the slots, 'HH:MM' (default 09:00 and 15:00). */
  starts?: string[];
  minimumAdvancedBooking?: number;
}

export const ALL_CAPABILITIES = 'octo/pricing, octo/pickups, octo/content';
export const octoHeaders = (key: string, capabilities = ALL_CAPABILITIES): Record<string, string> => ({ Authorization: `Bearer ${key}`, 'Octo-Capabilities': capabilities, Accept: 'application/json' });

const ok = <T>(res: { status: number; body: { Content: T; ErrorMessage?: string } }, what: string): T => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.ErrorMessage ?? JSON.stringify(res.body)}`);
  return res.body.Content;
};

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The first live language; a fresh database has none until a superadmin adds one. */
async function someLanguage(api: ApiSuite): Promise<{ id: number }> {
  const lang = await api.db('languages').select('id').where({ is_deleted: false }).orderBy('id').first<{ id: number } | undefined>();
  if (lang) return lang;
  const superadmin = bearer(await tokenFor(['superadmin'], { supplierId: null }));
  const saved = ok<{ id: number; position: string }>(await api.http.post('/api/languages').set(superadmin).send({ id: 0, name: 'OCTO lang', code: 'oct', isOffers: true, imgUrl: '/flags/xx.svg' }), 'language');
  await api.settled('languages', saved.position);
  return saved;
}

export async function octoSetup(api: ApiSuite, o: OctoSetupOptions = {}): Promise<OctoSetup> {
  const { supplierId, agencyId, agencyName } = await registerTenants(api.app);
  const admin = bearer(await tokenFor(['admin'], { supplierId }));
  const lang = await someLanguage(api);
  const tour = ok<{ id: number; position: string }>(
    await api.http.post('/api/tours').set(admin).send({ id: 0, nameInternal: 'OCTO-ABR', nameDisplay: 'Creek Abra Ride', languageId: lang.id, toursCategories: [1], shortDescription: '<p>Cross the creek by abra</p>', isDefaultCancellationPolicy: false, cancellationPolicy: [{ hours: 24, percents: 100 }] }),
    'tour',
  );
  await api.settled('tours', tour.position);
  const hotel = await api.db('hotels').select('id', 'region_id as regionId').orderBy('id').first<{ id: number; regionId: number }>();
  const pickUp = ok<{ id: number; position: string }>(
    await api.http.post('/api/pickuptimes').set(admin).send({ id: 0, name: 'Creek pick-up', isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [{ hotelId: hotel.id, timeStart: 420, timeEnd: 450 }] }),
    'pick-up time',
  );
  await api.settled('pickup_times', pickUp.position);
  const group = ok<{ id: number }>(
    await api.http.post('/api/timeslots/group').set(admin).send({ id: 0, name: 'Abra', capacity: o.capacity ?? 20, minimumAdvancedBooking: o.minimumAdvancedBooking ?? 2, pickUpTimeId: pickUp.id, isTimeSlotsIndependant: false }),
    'group',
  );
  const slotIds: number[] = [];
  let position = '';
  for (const start of o.starts ?? ['09:00', '15:00']) {
    const slot = ok<{ id: number; position: string }>(
      await api.http.post('/api/timeslots').set(admin).send({ id: 0, groupId: group.id, name: `Abra ${start}`, timeType: 0, startTimeDescription: start, endTimeDescription: hhmm(minutes(start) + 90), duration: 90, type: 0, cutOffResponseTime: null, daysOfferedList: [0] }),
      'slot',
    );
    slotIds.push(slot.id);
    position = slot.position;
  }
  await api.settled('time_slot_groups', position);
  const offer = ok<{ id: number }>(
    await api.http.post('/api/offers').set(admin).send({ id: 0, tourId: tour.id, nameInternal: 'OCTO-ABR-STD', nameDisplay: 'Abra — shared boat', maxNumOfPeople: 30, numberOfHours: 2, childrenAllowed: true, infantsAllowed: true, timeSlots: slotIds }),
    'offer',
  );
  const today = dubaiToday();
  const period = ok<{ position: string }>(await api.http.post('/api/validperiods').set(admin).send(periodFromYesterday(offer.id, 60, CHILD_PERIOD_PRICES)), 'period');
  await api.settled('offers', period.position);
  await api.app.get(CommandBus).execute(new SignContractCommand(supplierId, agencyId, o.commission ?? null, systemContext('test')));
  const issued = await issuedResellerKey(api.http, admin, agencyId, 'OCTO test reseller');
  return {
    supplierId,
    agencyId,
    agencyName,
    tourId: tour.id,
    offerId: offer.id,
    groupId: group.id,
    slotIds,
    hotelId: hotel.id,
    date: addDays(today, 3),
    admin,
    operations: bearer(await tokenFor(['operations'], { supplierId })),
    agent: bearer(await tokenFor(['agent'], { supplierId: null, agencyId, isAgencyAdmin: true, email: `octo-agent.a${agencyId}@test.local` })),
    key: issued.key,
    keyId: issued.id,
    octo: octoHeaders(issued.key),
  };
}

/** A reservation body for the setup's first slot on its date: one adult unless told. */
/**
 * A test file's octoSetup(), made after the demo data in a beforeAll of its own (register it after apiSuite()). The
 * object answered is filled in by then, so the file's tests and later hooks read it as octoSetup()'s own answer.
 */
export function octoSetupForFile(api: ApiSuite, o: OctoSetupOptions = {}): OctoSetup {
  const setup = {} as OctoSetup;
  beforeAll(async () => {
    await seedDemo(api.app);
    Object.assign(setup, await octoSetup(api, o));
  });
  return setup;
}

export const reserveBody = (s: OctoSetup, over: Record<string, unknown> = {}) => ({
  productId: String(s.tourId),
  optionId: String(s.offerId),
  availabilityId: `${s.date}T09:00:00+04:00`,
  unitItems: [{ unitId: 'adult' }],
  ...over,
});

export const confirmBody = (over: Record<string, unknown> = {}) => ({
  resellerReference: `RES-${Math.random().toString(36).slice(2, 10)}`,
  contact: { firstName: 'Anna', lastName: 'Smirnova', emailAddress: 'anna@example.com', phoneNumber: '+971501234567', country: 'RU' },
  ...over,
});

/** Another agency the same supplier contracts, with a key of its own: a second reseller of the same products. */
export async function secondReseller(api: ApiSuite, s: OctoSetup): Promise<{ agencyId: number; key: string; octo: Record<string, string> }> {
  const { agencyId } = await registerTenants(api.app);
  await api.app.get(CommandBus).execute(new SignContractCommand(s.supplierId, agencyId, null, systemContext('test')));
  const issued = await issuedResellerKey(api.http, s.admin, agencyId, 'Second reseller');
  return { agencyId, key: issued.key, octo: octoHeaders(issued.key) };
}

/** An agent's booking body for the setup's first slot on its date: one adult unless told. */
export const agentBookingBody = (s: OctoSetup, over: Record<string, unknown> = {}) => ({
  date: s.date,
  hotelId: s.hotelId,
  tourId: s.tourId,
  offerId: s.offerId,
  timeSlotId: s.slotIds[0],
  adults: 1,
  children: 0,
  infants: 0,
  guestName: 'Walk-in Agent Guest',
  roomNumber: '101',
  phones: ['+971501111111'],
  paid: 0,
  collect: 0,
  voucherNumber: '',
  notes: '',
  ...over,
});

/** Polls until the check holds (read tables follow the streams a moment later). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('eventually(): the condition never held');
    await new Promise((r) => setTimeout(r, 100));
  }
}
