import { recordedAs, type ManifestStaffEvent, type ManifestStaffRole } from '@tbo/event-schemas';
import { fold, type CommandContext, type CommandRunner, type Decider, type EventStore } from '@tbo/kernel';

/**
 * The drivers and guides of one supplier's slot on one date: one small stream each, so assigning never races
 * another slot's and a check-in reads exactly the slot-date it needs, without waiting for a read table.
 */
export interface SlotDate {
  supplierId: number;
  timeSlotId: number;
  date: string;
}

export interface ManifestStaffState {
  /** Assigned users by lower-case email. */
  staff: ReadonlyMap<string, ManifestStaffRole>;
}

export type ManifestStaffCommand =
  | { type: 'AssignStaff'; slot: SlotDate; email: string; name: string; role: ManifestStaffRole }
  | { type: 'UnassignStaff'; slot: SlotDate; email: string };

export const manifestStaffStream = (s: SlotDate): string => `manifeststaff-${s.supplierId}_${s.timeSlotId}_${s.date}`;

export const manifestStaffDecider: Decider<ManifestStaffCommand, ManifestStaffEvent, ManifestStaffState> = {
  initialState: { staff: new Map() },
  evolve(state, event) {
    const staff = new Map(state.staff);
    if (event.type === 'ManifestStaffAssigned') staff.set(event.data.userEmail.toLowerCase(), event.data.role);
    else staff.delete(event.data.userEmail.toLowerCase());
    return { staff };
  },
  decide(cmd, state) {
    const email = cmd.email.toLowerCase();
    if (cmd.type === 'AssignStaff') {
      if (state.staff.get(email) === cmd.role) return [];
      return [{ type: 'ManifestStaffAssigned', data: { ...cmd.slot, userEmail: email, userName: cmd.name, role: cmd.role } }];
    }
    return state.staff.has(email) ? [{ type: 'ManifestStaffUnassigned', data: { ...cmd.slot, userEmail: email } }] : [];
  },
};

export function runManifestStaff(runner: CommandRunner, command: ManifestStaffCommand, context: CommandContext) {
  return runner.run({ stream: manifestStaffStream(command.slot), decider: manifestStaffDecider, command, context });
}

/** Whether a user is assigned to the slot-date, read from its stream (the authority, no lag). */
export async function isAssigned(store: EventStore, slot: SlotDate, email: string): Promise<boolean> {
  const state = fold(manifestStaffDecider, recordedAs<ManifestStaffEvent>(await store.readStream(manifestStaffStream(slot))));
  return state.staff.has(email.toLowerCase());
}
