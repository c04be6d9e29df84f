import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createKnex } from '@tbo/kernel';
import { DEMO_TOUR_COUNT } from '../../apps/api/src/seed/seed-catalog';
import { SEED_LANGUAGES } from '../../apps/api/src/seed/seed-languages';
import { OCTO_DEMO_TOUR_CODE } from '../../apps/api/src/seed/seed-octo-product';

const root = join(__dirname, '..', '..');
const seed = () =>
  execFileSync(process.execPath, ['-r', './scripts/register.js', 'apps/api/src/seed/seed.cli.ts'], { cwd: root, env: process.env, encoding: 'utf8' });

describe('npm run seed', () => {
  const db = createKnex(process.env.DATABASE_URL!);
  afterAll(() => db.destroy());

  it('seeds the tour languages through commands, with flags that exist, and changes nothing the second time', async () => {
    expect(seed()).toMatch(/seed: \d+ language\(s\) added or changed/);
    const second = seed();
    expect(second).toContain('seed: 0 language(s) added or changed');
    expect(second).toContain('seed: 0 reference item(s) added or changed');
    expect(second).toContain('seed: 0 supplier profile(s) and account setting(s) added');
    expect(second).toContain('seed: 0 pick-up time(s), time slot group(s) and slot(s) added');
    expect(second).toContain('seed: 0 tour(s) and offer(s) added');
    expect(second).toContain('seed: 0 contract(s) signed');
    expect(second).toContain('seed: 0 ticket code(s) loaded into stock');
    expect(second).toContain('seed: 0 booking(s) added');
    expect(second).toContain('seed: 0 driver and guide assignment(s) added');
    expect(second).toContain('seed: 0 arrival(s) and group booking(s) added');

    const languages = await db('languages').select('code', 'name', 'img_url', 'is_offers', 'is_deleted');
    for (const code of ['en', 'ru', 'ar', 'de', 'fr', 'es', 'it', 'zh', 'hi']) {
      expect(languages).toContainEqual(expect.objectContaining({ code, is_offers: true, is_deleted: false }));
    }
    const seeded = languages.filter((l) => SEED_LANGUAGES.some((s) => s.code === l.code));
    expect(seeded).toHaveLength(SEED_LANGUAGES.length);
    for (const l of seeded) expect(existsSync(join(root, 'apps/api/public', l.img_url))).toBe(true);

    const events = await db('events').where('stream_id', 'like', 'language-%').where({ type: 'LanguageAdded' }).whereRaw("data->>'code' = 'en'");
    expect(events).toHaveLength(1);
  }, 180_000); // two whole seeds, bookings included

  it('seeds the reference data and the demo supplier profile', async () => {
    expect(Number((await db('countries').count('* as n').first())!.n)).toBeGreaterThanOrEqual(240);
    const dubaiHotels = await db('hotels as h').join('cities as c', 'c.id', 'h.city_id').where('c.name', 'Dubai').select('h.region_id');
    expect(dubaiHotels.length).toBeGreaterThanOrEqual(60);
    expect(new Set(dubaiHotels.map((h) => h.region_id)).size).toBeGreaterThanOrEqual(8);
    expect(Number((await db('tour_categories').count('* as n').first())!.n)).toBeGreaterThan(0);
    expect(Number((await db('ticket_types').count('* as n').first())!.n)).toBeGreaterThan(0);
    const profile = await db('supplier_profiles as p').join('suppliers as s', 's.id', 'p.supplier_id').where('s.name', 'Desert Routes Tourism LLC').first();
    expect(profile?.core).toMatchObject({ code: 'DRT', name: 'Desert Routes Tourism LLC' });
  });

  it('seeds demo tours with offers priced for the coming months, through the commands', async () => {
    const supplier = await db('suppliers').where({ name: 'Desert Routes Tourism LLC' }).first();
    const tours = await db('tours').where({ supplier_id: supplier.id }).select('id', 'name_internal', 'is_top_tour');
    expect(tours.map((t) => t.name_internal)).toEqual(expect.arrayContaining(['DSF-01', 'DHW-01', 'BKT-124', 'ABU-RU']));
    const offers = await db('offers').whereIn('tour_id', tours.map((t) => t.id));
    expect(offers.length).toBeGreaterThanOrEqual(5);
    // Every offer has a period ending in the future with its USD prices, as the price model made them.
    for (const o of offers) expect(new Date(o.priced_until).getTime()).toBeGreaterThan(Date.now());
    const shared = offers.find((o) => o.name_internal === 'DSF-01-SH');
    expect(shared.valid_periods.map((p: { pricePerAdultRecUsd: number }) => p.pricePerAdultRecUsd)).toEqual([expect.closeTo(42.8571, 4)]); // 45 with VAT / 1.05
    expect(await db('events').where({ type: 'ValidPeriodPriced' }).whereRaw("data->>'offerId' = ?", [String(shared.id)])).toHaveLength(1);
  });

  it('seeds pick-up times and time slot groups, and sells the slots on the demo offers', async () => {
    const supplier = await db('suppliers').where({ name: 'Desert Routes Tourism LLC' }).first();
    const groups = await db('time_slot_groups').where({ supplier_id: supplier.id }).orderBy('id');
    expect(groups.map((g) => g.name)).toEqual(['Red Dunes safari 15:00', 'Private safari (on request)', 'Marina dhow cruise', 'Abu Dhabi city tour', 'Burj Khalifa entry', 'Creek abra (OCTO demo)']);
    const slots = await db('time_slots').where({ supplier_id: supplier.id }).orderBy('id');
    const dhow = slots.filter((s) => s.group_id === groups[2].id).map((s) => s.start_time);
    expect(dhow).toEqual([19 * 60 + 30, 20 * 60 + 30]);
    const independent = slots.filter((s) => s.group_id === groups[3].id).map((s) => s.capacity);
    expect(independent).toEqual([30, 20]);
    const pickUps = await db('pickup_times').where({ supplier_id: supplier.id });
    expect(pickUps.map((p) => p.name).sort()).toEqual(['Abu Dhabi afternoon pick-up', 'Abu Dhabi tour pick-up', 'Creek abra pick-up', 'Creek abra pick-up 11:00', 'Creek abra pick-up 16:00', 'Creek abra pick-up 18:30', 'Desert safari pick-up', 'Dhow cruise transfer']);
    expect(groups[0].pick_up_time_id).toBe(pickUps.find((p) => p.name === 'Desert safari pick-up').id);
    // The 14:00 Abu Dhabi tour picks up at midday, not at the morning tour's 07:30.
    const afternoon = slots.find((s) => s.group_id === groups[3].id && s.start_time === 14 * 60);
    expect(afternoon.pick_up_time_id).toBe(pickUps.find((p) => p.name === 'Abu Dhabi afternoon pick-up').id);
    // Each later abra has its own pick-up, an hour before it; the first uses the group's.
    const abra = slots.filter((s) => s.group_id === groups[5].id).map((s) => [s.start_time, pickUps.find((p) => p.id === s.pick_up_time_id)?.name ?? null]);
    expect(abra).toEqual([[9 * 60, null], [11 * 60, 'Creek abra pick-up 11:00'], [16 * 60, 'Creek abra pick-up 16:00'], [18 * 60 + 30, 'Creek abra pick-up 18:30']]);
    // The shared safari offer sells the 15:00 slot (its latest saved event says so).
    const offer = await db('offers').where({ name_internal: 'DSF-01-SH' }).first();
    const saved = await db('events').where({ stream_id: `offer-${offer.id}` }).whereRaw("jsonb_exists(data, 'timeSlots')").orderBy('global_position', 'desc').first();
    expect(saved.data.timeSlots).toEqual([slots.find((s) => s.group_id === groups[0].id).id]);
  });

  it('gives every demo tour two generated photos, titled after it, the first as hero (no Media warning)', async () => {
    const supplier = await db('suppliers').where({ name: 'Desert Routes Tourism LLC' }).first();
    // Only the tours the seed made: other suites add tours (without photos) to the demo supplier in the same database.
    const seeded = ['DSF-01', 'DHW-01', 'BKT-124', 'ABU-RU', OCTO_DEMO_TOUR_CODE];
    expect(seeded).toHaveLength(DEMO_TOUR_COUNT + 1);
    const tours = await db('tours').where({ supplier_id: supplier.id }).whereIn('name_internal', seeded).select('id', 'name_internal', 'data');
    expect(tours.map((t) => t.name_internal).sort()).toEqual([...seeded].sort());
    for (const tour of tours) {
      const media = tour.data as { photos: number[]; heroImageId: number | null; nameDisplay: string };
      expect(media.photos).toHaveLength(2);
      expect(media.heroImageId).toBe(media.photos[0]);
      const photos = await db('photos').whereIn('id', media.photos).orderBy('id');
      expect(photos.map((p) => [p.supplier_id, p.format, p.width, p.title])).toEqual([
        [supplier.id, 'jpeg', 1600, `${media.nameDisplay} 1`],
        [supplier.id, 'jpeg', 1600, `${media.nameDisplay} 2`],
      ]);
    }
  });

  it('contracts the demo agency and books a few hundred demo bookings over the past month and the next two weeks', async () => {
    const supplier = await db('suppliers').where({ name: 'Desert Routes Tourism LLC' }).first();
    const agency = await db('agencies').where({ name: 'Gulf Horizons Travel' }).first();
    expect(await db('contracts').where({ supplier_id: supplier.id, agency_id: agency.id, is_suspended: false }).first()).toBeTruthy();
    const rows: { view: { date: string; status: number; agencyId: number | null; staffAgentId: number | null; bookedAt: string; responseDueAt: string | null } }[] = await db('booking_details')
      .where({ supplier_id: supplier.id })
      .select('view');
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const views = rows.map((r) => r.view);
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    expect(views.some((v) => v.date < today)).toBe(true);
    expect(views.some((v) => v.date > today)).toBe(true);
    // Today has its bookings too (the day's manifest), though agents book from tomorrow: they were made days before.
    expect(views.filter((v) => v.date === today && v.status !== 4).length).toBeGreaterThan(0);
    // Every status the lists style: normal, pending, cancelled, completed; by agents and by a staff agent.
    expect(new Set(views.map((v) => v.status))).toEqual(new Set([0, 1, 4, 5]));
    expect(views.some((v) => v.agencyId === agency.id)).toBe(true);
    expect(views.some((v) => v.staffAgentId !== null)).toBe(true);
    // Money to show: some paid in full, some part paid with the rest to collect, some all to collect, none beyond the total.
    const money = rows.map((r) => r.view as unknown as { paid: number; collect: number; totals: { totalUsd: number } });
    expect(money.some((v) => v.paid > 0 && v.collect === 0)).toBe(true);
    expect(money.some((v) => v.paid > 0 && v.collect > 0)).toBe(true);
    expect(money.some((v) => v.paid === 0 && v.collect > 0)).toBe(true);
    expect(money.filter((v) => v.paid + v.collect > v.totals.totalUsd + 0.005)).toEqual([]);
    // A pending booking still to answer was booked before it is due (the panel shows both times).
    const waiting = views.filter((v) => v.status === 1);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.filter((v) => !(v.responseDueAt && v.responseDueAt > v.bookedAt))).toEqual([]);
    // The demo Burj Khalifa offer needs ticket codes, and the stock holds them for its bookings (the worker hands them out).
    const loaded = await db('events').where({ type: 'TicketCodesLoaded' }).select(db.raw("jsonb_array_length(data->'codes') AS n"), db.raw("data->'codes'->0->>'code' AS first"));
    expect(loaded.find((l) => String(l.first).startsWith('BK124-'))?.n).toBe(600);
    const burj = rows.map((r) => r.view as unknown as { tourName: string; ticketsRequired: boolean }).filter((v) => v.tourName.startsWith('Burj Khalifa'));
    expect(burj.length).toBeGreaterThan(0);
    expect(burj.every((v) => v.ticketsRequired)).toBe(true);
    // The demo driver and guide run the departures from today on: each sees a manifest when signed in.
    const crew = await db('events').where({ type: 'ManifestStaffAssigned' }).select(db.raw("data->>'userEmail' AS email"), db.raw("data->>'date' AS date"));
    for (const email of ['driver@demo.test', 'guide@demo.test']) expect(crew.filter((c) => c.email === email && c.date >= today).length).toBeGreaterThan(10);
    // Made through the commands: each booking's seats are on its departure's stream.
    expect(Number((await db('events').where({ type: 'DepartureSeatsTaken' }).count('* as n').first())!.n)).toBeGreaterThanOrEqual(rows.length);
  });

  it('imports a demo arrival list of a few hundred guests in 15 hotels, with communication, meetings and group bookings', async () => {
    const supplier = await db('suppliers').where({ name: 'Desert Routes Tourism LLC' }).first();
    const arrivals: { hotel_id: number | null; agency_id: number | null; comm_status: number; meeting_date: string | null; number_of_bookings: number }[] = await db('arrivals')
      .where({ supplier_id: supplier.id, is_deleted: false })
      .select('hotel_id', 'agency_id', 'comm_status', 'meeting_date', 'number_of_bookings');
    expect(arrivals.length).toBeGreaterThanOrEqual(300);
    expect(new Set(arrivals.map((a) => a.hotel_id)).size).toBe(15);
    expect(arrivals.every((a) => a.agency_id !== null)).toBe(true);
    expect(arrivals.some((a) => a.comm_status >= 16)).toBe(true);
    expect(arrivals.some((a) => a.meeting_date !== null)).toBe(true);
    expect(arrivals.some((a) => a.number_of_bookings > 0)).toBe(true);
  });
});
