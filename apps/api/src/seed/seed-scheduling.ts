import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findReferenceByName, findSupplierByName, listRegions, listTimeSlotGroups, listTimeSlotsOfGroup } from '@tbo/read-models';
import { KNEX, systemContext, type CommandContext } from '@tbo/kernel';
import {
  blankTimeSlotFields,
  blankTimeSlotGroupFields,
  SavePickUpTimeCommand,
  SaveTimeSlotCommand,
  SaveTimeSlotGroupCommand,
  type SavedPickUpTime,
  type SavedTimeSlotGroup,
  type TimeSlotFields,
} from '@tbo/scheduling';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

interface DemoPickUp {
  name: string;
  /** The window every Dubai region gets, then a later start for the regions far from the meeting point. */
  from: string;
  to: string;
  farRegions?: { names: string[]; from: string; to: string };
  hotels?: { name: string; from: string; to: string }[];
}

const DEMO_PICKUPS: DemoPickUp[] = [
  {
    name: 'Desert safari pick-up',
    from: '14:30',
    to: '15:00',
    farRegions: { names: ['Dubai Marina', 'Jumeirah Beach Residence', 'Palm Jumeirah'], from: '14:00', to: '14:30' },
    hotels: [
      { name: 'Armani Hotel Dubai', from: '14:45', to: '14:50' },
      { name: 'Hyatt Regency Dubai Corniche', from: '14:20', to: '14:30' },
    ],
  },
  { name: 'Dhow cruise transfer', from: '18:30', to: '19:00', hotels: [{ name: 'Address Dubai Mall', from: '18:45', to: '18:50' }] },
  { name: 'Abu Dhabi tour pick-up', from: '07:30', to: '08:00', farRegions: { names: ['Deira', 'Bur Dubai'], from: '07:00', to: '07:30' } },
  { name: 'Abu Dhabi afternoon pick-up', from: '12:30', to: '13:00', farRegions: { names: ['Deira', 'Bur Dubai'], from: '12:00', to: '12:30' } },
];

interface DemoGroup {
  name: string;
  capacity: number;
  minimumAdvancedBooking: number;
  pickUp?: string;
  independent?: boolean;
  /** `pickUp`: a slot's own pick-up time, where the group's would not suit it (a later start). */
  slots: (Partial<TimeSlotFields> & { pickUp?: string })[];
}

/** Spec 02 §4: Monday 1 … Sunday 64. */
const WEEKEND = 16 | 32 | 64;

/** The slots the demo tours sell (the catalog seed wires its offers to them by group name). */
export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: 'Red Dunes safari 15:00',
    capacity: 60,
    minimumAdvancedBooking: 4,
    pickUp: 'Desert safari pick-up',
    slots: [{ name: 'Afternoon safari', startTime: at('15:00'), endTime: at('21:00'), duration: 360 }],
  },
  {
    name: 'Private safari (on request)',
    capacity: 6,
    minimumAdvancedBooking: 24,
    pickUp: 'Desert safari pick-up',
    slots: [{ name: 'Private 4x4 at 15:00', startTime: at('15:00'), endTime: at('21:00'), duration: 360, type: 1, cutOffResponseTime: 12 }],
  },
  {
    name: 'Marina dhow cruise',
    capacity: 120,
    minimumAdvancedBooking: 2,
    pickUp: 'Dhow cruise transfer',
    slots: [
      { name: 'First sailing', startTime: at('19:30'), endTime: at('21:30'), duration: 120 },
      { name: 'Second sailing', startTime: at('20:30'), endTime: at('22:30'), duration: 120, daysOffered: WEEKEND },
    ],
  },
  {
    name: 'Abu Dhabi city tour',
    capacity: 50,
    minimumAdvancedBooking: 12,
    pickUp: 'Abu Dhabi tour pick-up',
    independent: true,
    slots: [
      { name: 'Morning tour', startTime: at('09:00'), endTime: at('18:00'), duration: 540, capacity: 30, minimumAdvancedBooking: 12 },
      { name: 'Afternoon tour', startTime: at('14:00'), endTime: at('22:00'), duration: 480, capacity: 20, minimumAdvancedBooking: 6, pickUp: 'Abu Dhabi afternoon pick-up' },
    ],
  },
  {
    name: 'Burj Khalifa entry',
    capacity: 200,
    minimumAdvancedBooking: -2,
    slots: [{ name: 'Entry every 30 minutes', timeType: 1, startTime: at('10:00'), endTime: at('22:00'), interval: 30, duration: 90 }],
  },
];

/**
 * The demo supplier's pick-up times and time slot groups, through the same commands as the screens.
 * Only while the supplier has no group: running the seed again never touches what staff changed.
 * Runs before the catalog seed, which selects these slots on the demo offers.
 */
export function seedScheduling(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'scheduling', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier || (await listTimeSlotGroups(db, supplier.id, { showDeleted: true })).length > 0) return 0;
    const commands = app.get(CommandBus);
    const context = systemContext('seed');
    const pickUps = new Map<string, number>();
    for (const p of DEMO_PICKUPS) pickUps.set(p.name, (await savePickUp(commands, db, supplier.id, p, context)).id);
    let saved = pickUps.size;
    for (const g of DEMO_GROUPS) {
      const group = { ...blankTimeSlotGroupFields(), name: g.name, capacity: g.capacity, minimumAdvancedBooking: g.minimumAdvancedBooking, pickUpTimeId: (g.pickUp && pickUps.get(g.pickUp)) || null, isTimeSlotsIndependant: !!g.independent };
      const savedGroup: SavedTimeSlotGroup = await commands.execute(new SaveTimeSlotGroupCommand(supplier.id, 0, group, context));
      saved++;
      for (const { pickUp, ...s } of g.slots) {
        const fields = { ...blankTimeSlotFields(), ...s, ...(pickUp ? { pickUpTimeId: pickUps.get(pickUp) ?? null } : {}) } as TimeSlotFields;
        await commands.execute(new SaveTimeSlotCommand(supplier.id, savedGroup.id, 0, fields, context));
        saved++;
      }
    }
    await catchUp();
    return saved;
  });
}

async function savePickUp(commands: CommandBus, db: Knex, supplierId: number, p: DemoPickUp, context: CommandContext): Promise<SavedPickUpTime> {
  const regions = (await listRegions(db)).filter((r) => r.cityName === 'Dubai' && r.isActive);
  const regionsPickUpTimes = regions.map((r) => {
    const far = p.farRegions?.names.includes(r.name);
    return { regionId: r.id, timeStart: at(far ? p.farRegions!.from : p.from), timeEnd: at(far ? p.farRegions!.to : p.to) };
  });
  const hotelsPickUpTimes: SavedPickUpTime['hotelsPickUpTimes'] = [];
  for (const h of p.hotels ?? []) {
    const hotel = await findReferenceByName(db, 'hotels', h.name);
    if (hotel) hotelsPickUpTimes.push({ hotelId: hotel.id, timeStart: at(h.from), timeEnd: at(h.to) });
  }
  return commands.execute(new SavePickUpTimeCommand(supplierId, 0, { name: p.name, isFixedTime: false, regionsPickUpTimes, hotelsPickUpTimes }, context));
}

/** The live slot ids of the supplier's demo group with this name (the catalog seed selects them on an offer). */
export async function demoSlotIds(db: Knex, supplierId: number, groupName: string): Promise<number[]> {
  const group = (await listTimeSlotGroups(db, supplierId)).find((g) => g.name === groupName);
  if (!group) return [];
  return (await listTimeSlotsOfGroup(db, supplierId, group.id)).filter((s) => !s.isDeleted).map((s) => s.id);
}
