import type { GroupListRow } from '../api/list-time-slot-groups';

/** A row of the groups table: the group with what it shows by name (its pick-up time, its slots). */
export interface GroupRow {
  id: number;
  name: string;
  capacity: number | null;
  minimumAdvancedBooking: number | null;
  isTimeSlotsIndependant: boolean;
  isDeleted: boolean;
  pickUpTimeName: string;
  slotCount: number;
  slotNames: string;
}

/** The groups as rows, each pick-up time by its name ('' for none, or one that is not an option any more). */
export function groupRows(groups: readonly GroupListRow[], pickUpTimeNames: ReadonlyMap<number, string>): GroupRow[] {
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    capacity: g.capacity,
    minimumAdvancedBooking: g.minimumAdvancedBooking,
    isTimeSlotsIndependant: g.isTimeSlotsIndependant,
    isDeleted: g.isDeleted,
    pickUpTimeName: (g.pickUpTimeId && pickUpTimeNames.get(g.pickUpTimeId)) || '',
    slotCount: g.timeSlotNames.length,
    slotNames: g.timeSlotNames.join(', '),
  }));
}

export const groupEditPath = (id: number) => `/timeslots/${id}`;
export const slotEditPath = (groupId: number, id: number | 'add') => `/timeslots/${groupId}/${id}`;
