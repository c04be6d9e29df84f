import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  blankOfferFields,
  blankTourFields,
  defaultPriceSettings,
  editRecommended,
  emptyPrices,
  flatFromPrices,
  SaveOfferCommand,
  SaveTourCommand,
  SaveValidPeriodCommand,
  type PriceKind,
  type ValidPeriodInput,
} from '@tbo/catalog';
import { KNEX, systemContext } from '@tbo/kernel';
import { findLanguageByCode, findReferenceByName, findSupplierByName, listRegions } from '@tbo/read-models';
import { blankTimeSlotFields, blankTimeSlotGroupFields, SavePickUpTimeCommand, SaveTimeSlotCommand, SaveTimeSlotGroupCommand, type SavedPickUpTime, type SavedTimeSlotGroup } from '@tbo/scheduling';
import { DEMO_TOUR_COUNT, demoTourPhotos } from './seed-catalog';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

/**
 * The OCTO demo product: a tour sold every day at four start times, with children and infants, a pick-up from
 * the Dubai hotels and prices for the next six months, so an OCTO client (or the standard's conformance tool,
 * which stops without one) finds several available start times on most of the coming 30 days. Its own pick-up
 * time and slot group, so it does not depend on the other demo tours. Added once, found by its code.
 */
export const OCTO_DEMO_TOUR_CODE = 'OCTO-ABRA';
const STARTS = ['09:00', '11:00', '16:00', '18:30'];
/** The slots' names: their hours are shown beside them, so the name says the part of the day. */
const SLOT_NAMES: Record<string, string> = { '09:00': 'Morning abra', '11:00': 'Late morning abra', '16:00': 'Afternoon abra', '18:30': 'Sunset abra' };
const CAPACITY = 40;
const PERIOD_DAYS = 182;
const USD_WITH_VAT: Partial<Record<PriceKind, number>> = { adult: 25, child: 15 };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function seedOctoProduct(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'octo-product', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier || (await db('tours').where({ supplier_id: supplier.id, name_internal: OCTO_DEMO_TOUR_CODE }).first())) return 0;
    const language = (await findLanguageByCode(db, 'en')) ?? (await db('languages').select('id').where({ is_deleted: false }).orderBy('id').first<{ id: number } | undefined>());
    const category = (await findReferenceByName(db, 'tour_categories', 'City Tours')) ?? (await db('tour_categories').select('id').orderBy('id').first<{ id: number } | undefined>());
    const dubai = await findReferenceByName(db, 'cities', 'Dubai');
    if (!language || !category) return 0;
    const commands = app.get(CommandBus);
    const context = systemContext('seed');

    const regions = (await listRegions(db)).filter((r) => r.cityName === 'Dubai' && r.isActive);
    // Guests are picked up an hour before their abra: the group's pick-up suits the first start, each later start
    // has its own (a pick-up at 08:00 for an 18:30 ride would send the guests out ten hours early).
    const savePickUp = (name: string, start: string): Promise<SavedPickUpTime> =>
      commands.execute(new SavePickUpTimeCommand(supplier.id, 0, { name, isFixedTime: false, regionsPickUpTimes: regions.map((r) => ({ regionId: r.id, timeStart: minutes(start) - 60, timeEnd: minutes(start) - 30 })), hotelsPickUpTimes: [] }, context));
    const pickUp = await savePickUp('Creek abra pick-up', STARTS[0]!);
    const group: SavedTimeSlotGroup = await commands.execute(
      new SaveTimeSlotGroupCommand(supplier.id, 0, { ...blankTimeSlotGroupFields(), name: 'Creek abra (OCTO demo)', capacity: CAPACITY, minimumAdvancedBooking: 2, pickUpTimeId: pickUp.id }, context),
    );
    const slotIds: number[] = [];
    for (const start of STARTS) {
      const own = start === STARTS[0] ? null : (await savePickUp(`Creek abra pick-up ${start}`, start)).id;
      const slot = await commands.execute(new SaveTimeSlotCommand(supplier.id, group.id, 0, { ...blankTimeSlotFields(), name: SLOT_NAMES[start]!, startTime: minutes(start), endTime: minutes(start) + 120, duration: 120, pickUpTimeId: own }, context));
      slotIds.push((slot as { id: number }).id);
    }
    const title = 'Dubai Creek Abra Ride and Souk Walk';
    const photos = await demoTourPhotos(commands, supplier.id, DEMO_TOUR_COUNT, title, context);
    // The offer's save looks its slots up in the time slot read table, the tour's its photos in the photos one.
    await catchUp();

    const tour = await commands.execute(
      new SaveTourCommand(
        supplier.id,
        0,
        {
          ...blankTourFields(),
          nameInternal: OCTO_DEMO_TOUR_CODE,
          nameDisplay: title,
          ...photos,
          url: '',
          languageId: language.id,
          toursCategories: [category.id],
          shortDescription: '<p>Cross Dubai Creek on a traditional abra and walk the gold and spice souks with a guide.</p>',
          salesDescription: '<p>A two-hour walk through old Dubai: the abra crossing from Bur Dubai to Deira, the spice souk and the gold souk.</p>',
          cityId: dubai?.id ?? null,
          locationAddress: 'Bur Dubai Abra Station, Al Seef',
          locationLatitude: 25.2637,
          locationLongitude: 55.2972,
          isDefaultTermsAndConditions: true,
          isDefaultFaq: true,
          isDefaultNotesToClientsPostBooking: true,
          isDefaultCancellationPolicy: false,
          cancellationPolicy: [{ hours: 24, percents: 100 }],
        },
        context,
      ),
    );
    await catchUp(); // the offer's save looks its tour up in the tours read table
    const offer = await commands.execute(
      new SaveOfferCommand(
        supplier.id,
        0,
        {
          ...blankOfferFields((tour as { id: number }).id),
          nameInternal: `${OCTO_DEMO_TOUR_CODE}-SH`,
          nameDisplay: 'Shared abra and guided walk',
          origin: dubai ? [dubai.id] : [],
          minNumOfPeople: 1,
          maxNumOfPeople: 15,
          numberOfHours: 2,
          bookingType: 1,
          childrenAllowed: true,
          childAge: 12,
          infantsAllowed: true,
          infantAge: 3,
          timeSlots: slotIds,
        },
        context,
      ),
    );
    let prices = emptyPrices();
    for (const [kind, value] of Object.entries(USD_WITH_VAT) as [PriceKind, number][]) prices = editRecommended(prices, kind, 'usdVat', value, defaultPriceSettings());
    // From yesterday noon (Dubai), so today's bookings are priced too.
    const periodStart = new Date(Date.now() - 86_400_000).toISOString();
    const periodEnd = new Date(Date.now() + PERIOD_DAYS * 86_400_000).toISOString();
    const period = { id: 0, offerId: (offer as { id: number }).id, periodStart, periodEnd, minimumAdvancedPayment: 0, ...flatFromPrices(prices) } as ValidPeriodInput;
    await commands.execute(new SaveValidPeriodCommand(supplier.id, period, context));
    await catchUp();
    return 2 + STARTS.length + 3;
  });
}
