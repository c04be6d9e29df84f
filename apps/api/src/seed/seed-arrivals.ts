import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import { ImportArrivalsCommand, LogGroupCommunicationCommand, SaveGroupInfoCommand, type ArrivalImportAnswer } from '@tbo/arrivals';
import { CreateBookingCommand, type NewBookingInput } from '@tbo/booking';
import { AppError, KNEX, seededRandom, systemContext } from '@tbo/kernel';
import { findSupplierByName, saleableOffers } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { DEMO_AGENCY, DEMO_SUPPLIER } from './seed-identity';
import { tokenUser } from './seed-bookings';
import { withSeedLock } from './seed-lock';

const LIST_NAME = 'Demo rooming list';
const GUESTS = 320;
const HOTELS = 15;
const DAYS_AHEAD = 30;
const FIRST = ['Anna', 'Ivan', 'Olga', 'Sergey', 'Maria', 'Dmitry', 'Elena', 'Pavel', 'Irina', 'Alexey', 'Natalia', 'Mikhail', 'Svetlana', 'Andrey', 'Yulia', 'Nikolai'];
const LAST = ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Sokolov', 'Lebedev', 'Kozlov', 'Novikov', 'Morozov', 'Volkov', 'Fedorov', 'Orlov'];
const COUNTRIES = ['Russia', 'Kazakhstan', 'Belarus', 'Uzbekistan'];


/**
 * The demo supplier's arrival list: a few hundred guests of the demo agency in 15 hotels, arriving from a week ago
 * to a month ahead, imported as a rooming list would be; some groups contacted (a call, an answer), some with a
 * meeting with the sales staff, and a couple booked. Only while the demo supplier has no arrival list yet.
 */
export function seedArrivals(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'arrivals', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const commands = app.get(CommandBus);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier) return 0;
    if (await db('arrivals').where({ supplier_id: supplier.id }).first('id')) return 0;
    const hotels: { id: number; name: string }[] = await db('hotels').select('id', 'name').orderBy('id').limit(HOTELS);
    if (!hotels.length) return 0;
    const rnd = seededRandom(20261201);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const today = dubaiToday();

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Rooming list');
    ws.addRow(['Pax Id', 'Tourist name', 'Group Id', 'Hotel', 'Agency', 'Arrival date', 'Arrival time', 'Arrival flight', 'Departure date', 'Departure time', 'Departure flight', 'Phone', 'Age', 'Country', 'Room type', 'Meal type']);
    let groupId = 50_000;
    for (let n = 0; n < GUESTS; ) {
      groupId++;
      const size = 1 + Math.floor(rnd() * 4);
      const hotel = pick(hotels);
      const arrival = addDays(today, -7 + Math.floor(rnd() * (DAYS_AHEAD + 7)));
      const departure = addDays(arrival, 3 + Math.floor(rnd() * 8));
      const last = pick(LAST);
      for (let i = 0; i < size && n < GUESTS; i++, n++) {
        ws.addRow([
          `DR${String(100_000 + n)}`, `${pick(FIRST)} ${last}`, groupId, hotel.name, DEMO_AGENCY.name, arrival, `${String(1 + Math.floor(rnd() * 22)).padStart(2, '0')}:${pick(['05', '20', '35', '50'])}`,
          `FZ ${900 + Math.floor(rnd() * 99)}`, departure, `${String(1 + Math.floor(rnd() * 22)).padStart(2, '0')}:10`, `FZ ${800 + Math.floor(rnd() * 99)}`,
          i === 0 ? `+7 9${String(100_000_000 + Math.floor(rnd() * 899_999_999))}` : '', 18 + Math.floor(rnd() * 50), pick(COUNTRIES), pick(['DBL', 'TWN', 'SGL']), pick(['BB', 'HB', 'AI']),
        ]);
      }
    }
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const context = systemContext('seed');
    const imported: ArrivalImportAnswer = await commands.execute(new ImportArrivalsCommand(supplier.id, 0, LIST_NAME, { file }, false, context));
    await catchUp();

    // Communication and meetings for some of the groups in house or arriving soon.
    const sales = await db('users').where({ supplier_id: supplier.id }).whereRaw("'sales' = ANY(roles)").first<{ id: number; full_name: string } | undefined>('id', 'full_name');
    const groups: { group_id: number; hotel_id: number | null; arrival: string }[] = await db('arrivals')
      .where({ supplier_id: supplier.id })
      .whereBetween('arrival_date', [addDays(today, -5), addDays(today, 5)])
      .groupBy('group_id', 'hotel_id')
      .orderBy('group_id')
      .select('group_id', 'hotel_id', db.raw("to_char(min(arrival_date), 'YYYY-MM-DD') AS arrival"));
    for (const [i, g] of groups.slice(0, 24).entries()) {
      await commands.execute(new LogGroupCommunicationCommand(supplier.id, g.group_id, pick([1, 4, 8]), 'Welcome message left', { userId: null, name: 'Yusuf Karim' }, context));
      if (i % 2 === 0) await commands.execute(new LogGroupCommunicationCommand(supplier.id, g.group_id, pick([16, 64]), 'Interested in the desert safari', { userId: null, name: 'Yusuf Karim' }, context));
      if (i % 3 === 0) {
        const date = addDays(g.arrival < today ? today : g.arrival, 1);
        await commands.execute(
          new SaveGroupInfoCommand(
            supplier.id,
            g.group_id,
            { status: 0, hotels: g.hotel_id ? [{ hotelId: g.hotel_id, roomNumber: String(200 + i) }] : [], notes: 'Meeting in the lobby', phoneNumbers: [], meetings: [{ date, staffId: sales?.id ?? null, timeStart: 600, timeEnd: 660, isNoTime: false }] },
            context,
          ),
        );
      }
    }
    await catchUp();
    return imported.added + (await bookGroups(app, supplier.id, groups.map((g) => g.group_id), 2));
  });
}

/**
 * A booking by the demo agent for the first guest of `wanted` groups who is in house three days from today (a booking
 * links only a guest in house at its hotel on its date), when a demo offer takes it.
 */
async function bookGroups(app: INestApplicationContext, supplierId: number, groupIds: number[], wanted: number): Promise<number> {
  const db = app.get<Knex>(KNEX);
  const booker = await tokenUser(db, 'agent@demo.test');
  if (!booker) return 0;
  const offers = (await saleableOffers(db, [supplierId])).filter((o) => o.details.timeSlots.length > 0);
  let made = 0;
  const date = addDays(dubaiToday(), 3);
  for (const groupId of groupIds) {
    if (made >= wanted) break;
    const a = await db('arrivals')
      .where({ supplier_id: supplierId, group_id: groupId, is_deleted: false })
      .whereNotNull('hotel_id')
      .where('arrival_date', '<=', date)
      .where('departure_date', '>=', date)
      .orderBy('id')
      .first<{ id: number; tourist_name: string; hotel_id: number | null; group_info_id: number | null } | undefined>('id', 'tourist_name', 'hotel_id', 'group_info_id');
    if (!a) continue;
    for (const offer of offers) {
      const input: NewBookingInput = {
        date, tourId: offer.tourId, offerId: offer.id, timeSlotId: offer.details.timeSlots[0]!, adults: 1, children: 0, infants: 0, foc: 0,
        hotelId: a.hotel_id, customHotelName: null, guestName: a.tourist_name, roomNumber: '', phones: [], paid: 0, paidOrig: null, collect: 0, collectOrig: null,
        voucherNumber: '', notes: '', arrivalId: a.id, groupId, groupInfoId: a.group_info_id,
      };
      try {
        await app.get(CommandBus).execute(new CreateBookingCommand(booker, input, systemContext('seed'), 'backoffice'));
        made++;
        break;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
  return made;
}
