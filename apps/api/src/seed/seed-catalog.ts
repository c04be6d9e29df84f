import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findLanguageByCode, findReferenceByName, findSupplierByName } from '@tbo/read-models';
import {
  defaultPriceSettings,
  editRecommended,
  flatFromPrices,
  emptyPrices,
  newValidPeriod,
  SaveOfferCommand,
  SaveTourCommand,
  SaveValidPeriodCommand,
  blankOfferFields,
  blankTourFields,
  type OfferFields,
  type PriceKind,
  type TourFields,
  type ValidPeriodInput,
} from '@tbo/catalog';
import { KNEX, systemContext, type CommandContext } from '@tbo/kernel';
import { UploadPhotoCommand, type PhotoView } from '@tbo/media';
import { demoPhotoJpeg } from './demo-photos';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';
import { demoSlotIds } from './seed-scheduling';

interface DemoStop {
  name: string;
  at: string;
  until: string;
  lat: number;
  lng: number;
}
interface DemoOffer {
  nameInternal: string;
  nameDisplay: string;
  hours: number;
  maxPeople: number;
  bookingType: 0 | 1 | 2;
  /** Recommended prices, USD with VAT. */
  usdVat: Partial<Record<PriceKind, number>>;
  children?: boolean;
  /** A ticket type's name (reference data): the offer then requires its codes, one per guest. */
  ticketType?: string;
  /** The demo time slot group (seed-scheduling.ts) whose slots the offer sells. */
  slots?: string;
}
interface DemoTour {
  nameInternal: string;
  nameDisplay: string;
  language: string;
  category: string;
  top: boolean;
  recommendedFor: (0 | 1 | 2 | 3 | 4)[];
  description: string;
  address: string;
  lat: number;
  lng: number;
  stops: DemoStop[];
  offers: DemoOffer[];
}

/** A few of the tours a Dubai supplier sells, each with offers priced for the next six months. */
const DEMO_TOURS: DemoTour[] = [
  {
    nameInternal: 'DSF-01',
    nameDisplay: 'Red Dunes Desert Safari with BBQ Dinner',
    language: 'en',
    category: 'Desert Safari',
    top: true,
    recommendedFor: [0, 1, 3],
    description: '<p>Dune bashing in a 4x4, sandboarding, a camel ride and a barbecue dinner with a show at a Bedouin-style camp.</p>',
    address: 'Lahbab Desert, Dubai – Hatta Road',
    lat: 24.9526,
    lng: 55.7402,
    stops: [
      { name: 'Hotel pick-up', at: '15:00', until: '15:30', lat: 25.1972, lng: 55.2744 },
      { name: 'Dune bashing and sandboarding', at: '16:30', until: '17:45', lat: 24.9526, lng: 55.7402 },
      { name: 'Camp: camel ride, henna, BBQ dinner and show', at: '18:00', until: '21:00', lat: 24.9481, lng: 55.7335 },
    ],
    offers: [
      { nameInternal: 'DSF-01-SH', nameDisplay: 'Shared 4x4', hours: 6, maxPeople: 6, bookingType: 1, usdVat: { adult: 45, child: 35 }, children: true, slots: 'Red Dunes safari 15:00' },
      { nameInternal: 'DSF-01-PR', nameDisplay: 'Private 4x4 (up to 6 guests)', hours: 6, maxPeople: 6, bookingType: 1, usdVat: { trip: 260 }, children: true, slots: 'Private safari (on request)' },
    ],
  },
  {
    nameInternal: 'DHW-01',
    nameDisplay: 'Dubai Marina Dhow Cruise Dinner',
    language: 'en',
    category: 'Cruises & Water Activities',
    top: false,
    recommendedFor: [0, 1, 4],
    description: '<p>Two hours on a traditional dhow along Dubai Marina and JBR, with an international buffet and live music.</p>',
    address: 'Dubai Marina Walk, Dubai',
    lat: 25.0805,
    lng: 55.1403,
    stops: [
      { name: 'Boarding at Marina Walk', at: '20:00', until: '20:30', lat: 25.0805, lng: 55.1403 },
      { name: 'Cruise past JBR and Ain Dubai', at: '20:30', until: '22:30', lat: 25.0781, lng: 55.1237 },
    ],
    offers: [{ nameInternal: 'DHW-01-STD', nameDisplay: 'Standard deck with buffet', hours: 3, maxPeople: 20, bookingType: 1, usdVat: { adult: 40, child: 30 }, children: true, slots: 'Marina dhow cruise' }],
  },
  {
    nameInternal: 'BKT-124',
    nameDisplay: 'Burj Khalifa At the Top, Levels 124 & 125',
    language: 'en',
    category: 'Attractions & Tickets',
    top: true,
    recommendedFor: [0, 1, 2, 3, 4],
    description: '<p>The observation decks of the world\'s tallest building, with the Dubai Fountain below.</p>',
    address: '1 Sheikh Mohammed bin Rashid Blvd, Downtown Dubai',
    lat: 25.1972,
    lng: 55.2744,
    stops: [{ name: 'Entrance at The Dubai Mall, lower ground floor', at: '10:00', until: '11:30', lat: 25.1975, lng: 55.2790 }],
    offers: [{ nameInternal: 'BKT-124-NP', nameDisplay: 'Non-prime hours ticket', hours: 2, maxPeople: 10, bookingType: 2, usdVat: { adult: 48, child: 38 }, children: true, ticketType: 'Burj Khalifa At the Top (124 & 125)', slots: 'Burj Khalifa entry' }],
  },
  {
    nameInternal: 'ABU-RU',
    nameDisplay: 'Abu Dhabi City Tour with the Grand Mosque (Russian guide)',
    language: 'ru',
    category: 'Abu Dhabi Tours',
    top: false,
    recommendedFor: [0, 4],
    description: '<p>Sheikh Zayed Grand Mosque, the Corniche, Heritage Village and Qasr Al Watan, with a Russian-speaking guide.</p>',
    address: 'Sheikh Zayed Grand Mosque, Abu Dhabi',
    lat: 24.4128,
    lng: 54.4749,
    stops: [
      { name: 'Hotel pick-up in Dubai', at: '08:00', until: '08:30', lat: 25.2048, lng: 55.2708 },
      { name: 'Sheikh Zayed Grand Mosque', at: '10:00', until: '11:30', lat: 24.4128, lng: 54.4749 },
      { name: 'Qasr Al Watan', at: '12:00', until: '13:30', lat: 24.4623, lng: 54.3055 },
    ],
    offers: [{ nameInternal: 'ABU-RU-GRP', nameDisplay: 'Group tour', hours: 10, maxPeople: 30, bookingType: 0, usdVat: { adult: 70, child: 55 }, children: true, slots: 'Abu Dhabi city tour' }],
  },
];

/** How many demo tours this seed adds: a later seed's tour takes the next picture index. */
export const DEMO_TOUR_COUNT = DEMO_TOURS.length;

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** How far back the demo periods start (seed-bookings books the past month). */
const DEMO_PERIOD_DAYS_BACK = 35;

/**
 * The demo supplier's tours, offers and valid periods, through the same commands as the screens.
 * Only when the supplier has none of the demo tours yet: running the seed again never touches what staff
 * changed, and a tour of its own made before the first seed (or the OCTO demo product) does not stop it.
 */
export function seedCatalog(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'catalog', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier || (await db('tours').where({ supplier_id: supplier.id }).whereIn('name_internal', DEMO_TOURS.map((t) => t.nameInternal)).first())) return 0;
    const commands = app.get(CommandBus);
    const context = systemContext('seed');
    const dubai = await findReferenceByName(db, 'cities', 'Dubai');
    let saved = 0;
    for (const [n, t] of DEMO_TOURS.entries()) {
      const language = await findLanguageByCode(db, t.language);
      const category = await findReferenceByName(db, 'tour_categories', t.category);
      if (!language || !category) continue;
      const tour: Partial<TourFields> = {
        nameInternal: t.nameInternal,
        nameDisplay: t.nameDisplay,
        url: '',
        languageId: language.id,
        isTopTour: t.top,
        toursCategories: [category.id],
        recommendedFor: t.recommendedFor,
        salesDescription: t.description,
        cityId: dubai?.id ?? null,
        locationAddress: t.address,
        locationLatitude: t.lat,
        locationLongitude: t.lng,
        isDefaultTermsAndConditions: true,
        isDefaultFaq: true,
        isDefaultNotesToClientsPostBooking: true,
        isDefaultCancellationPolicy: true,
        itineraries: [
          {
            guid: '',
            id: 0,
            index: 1,
            tourId: 0,
            name: 'Programme',
            stops: t.stops.map((s, i) => ({ index: i + 1, guid: '', itineraryId: 0, name: s.name, description: '', time: minutes(s.at), timeEnd: minutes(s.until), timeDescription: s.at, timeEndDescription: s.until, address: '', lat: s.lat, lng: s.lng })),
          },
        ],
        ...(await demoTourPhotos(commands, supplier.id, n, t.nameDisplay, context)),
        seoPageTitle: `${t.nameDisplay} | Desert Routes Tourism Dubai`.slice(0, 69),
        seoPageDescription: t.description.replace(/<[^>]+>/g, '').slice(0, 150),
      };
      await catchUp(); // the tour's photos must be in the photos read table, which the save checks
      const savedTour = await commands.execute(new SaveTourCommand(supplier.id, 0, { ...blankTourFields(), ...tour }, context));
      saved++;
      await catchUp();
      for (const o of t.offers) {
        const ticket = o.ticketType ? await findReferenceByName(db, 'ticket_types', o.ticketType) : undefined;
        const offer: Partial<OfferFields> = {
          tourId: savedTour.id,
          nameInternal: o.nameInternal,
          nameDisplay: o.nameDisplay,
          origin: dubai ? [dubai.id] : [],
          minNumOfPeople: 1,
          maxNumOfPeople: o.maxPeople,
          numberOfHours: o.hours,
          bookingType: o.bookingType,
          childrenAllowed: !!o.children,
          childAge: 12,
          infantAge: 3,
          isTicketsRequired: !!ticket,
          ticketsTypes: ticket ? [0, 1, 2].map((type) => ({ type: type as 0 | 1 | 2, ticketTypeId: ticket.id })) : [],
          timeSlots: o.slots ? await demoSlotIds(db, supplier.id, o.slots) : [],
        };
        const savedOffer = await commands.execute(new SaveOfferCommand(supplier.id, 0, { ...blankOfferFields(savedTour.id), ...offer }, context));
        saved++;
        let prices = emptyPrices();
        for (const [kind, value] of Object.entries(o.usdVat) as [PriceKind, number][]) prices = editRecommended(prices, kind, 'usdVat', value, defaultPriceSettings());
        // From five weeks back: the demo bookings of the past month are priced by this period too.
        const { periodStart } = newValidPeriod(new Date(Date.now() - DEMO_PERIOD_DAYS_BACK * 86_400_000));
        const periodEnd = new Date(Date.parse(periodStart) + (DEMO_PERIOD_DAYS_BACK + 182) * 86_400_000).toISOString();
        const period = { id: 0, offerId: savedOffer.id, periodStart, periodEnd, minimumAdvancedPayment: 0, ...flatFromPrices(prices) } as ValidPeriodInput;
        await commands.execute(new SaveValidPeriodCommand(supplier.id, period, context));
      }
    }
    await catchUp();
    return saved;
  });
}

/** Two generated pictures of a demo tour, uploaded like any photo (the worker makes their variants) and titled. */
export async function demoTourPhotos(commands: CommandBus, supplierId: number, tourIndex: number, title: string, context: CommandContext): Promise<Pick<TourFields, 'photos' | 'heroImageId'>> {
  const ids: number[] = [];
  for (const k of [0, 1]) {
    const bytes = await demoPhotoJpeg(tourIndex * 2 + k);
    // A fixed guid per picture: a seed run that stopped halfway reuses the photo instead of adding another.
    const guid = `demo-tour-${tourIndex + 1}-photo-${k + 1}`;
    const photo: PhotoView = await commands.execute(new UploadPhotoCommand(supplierId, { guid, data: bytes.toString('base64'), title: `${title} ${k + 1}` }, context));
    ids.push(photo.id);
  }
  return { photos: ids, heroImageId: ids[0]! };
}
