import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { externalProvidersProjection, findExternalProvider, waitUntilCurrent } from '@tbo/read-models';
import { CommandHandlerBase, CommandRunner, ValidationError, type CommandContext, type EventStore } from '@tbo/kernel';
import { DeparturesInUse } from '../departures/departures-in-use';
import { SlotBookings } from '../departures/slot-bookings';
import { pickUpTimes } from '../pickup-times/pickup-time';
import { normalizeTimeSlot } from '../pure/time-slot-rules.pure';
import { timesChange, timeSlotGroups, type TimeSlotGroupCommand, type TimeSlotGroupState } from './time-slot-group';
import { DeleteTimeSlotCommand, DeleteTimeSlotGroupCommand, groupFieldsToSave, SaveTimeSlotCommand, SaveTimeSlotGroupCommand } from './time-slot.commands';
import { timeSlotGroupFromState, type TimeSlot, type TimeSlotGroup } from './time-slot.views';

/** A command's answer: the item as saved, and the position a query's ?after= waits for (null: nothing changed). */
export interface SavedTimeSlotGroup extends TimeSlotGroup {
  position: string | null;
}
export interface SavedTimeSlot extends TimeSlot {
  position: string | null;
}

/** Load the group's stream, decide, append; every command of the aggregate goes through here. */
async function runOnGroup(runner: CommandRunner, groupId: number, command: TimeSlotGroupCommand, context: CommandContext): Promise<{ state: TimeSlotGroupState; position: string | null }> {
  // No stream revision is sent: each item carries its own version, which the decider checks (time-slot-group.ts),
  // so a concurrent save of another item of the group is decided again on the newer state instead of refused.
  const outcome = await timeSlotGroups.run(runner, groupId, command, context);
  return { state: outcome.state, position: outcome.position };
}

export const PICKUP_TIME_NOT_OWNED = 'Pick-up time not found or you are not allowed to use it';
export const EXTERNAL_PROVIDER_NOT_OWNED = 'External provider not found or you are not allowed to use it';

export const pickUpTimeGone = (name: string) => `The pick-up time '${name}' has been deleted: choose another one or none`;
export const restoredPickUpTimeGone = (name: string) => `Its pick-up time '${name}' has been deleted: restore that pick-up time first, or choose another one`;

/**
 * A group's or slot's pick-up time must be one of the supplier's own, live ones (asked of the streams: lag would
 * let a deleted one in), even when it was stored before: a live group with a deleted pick-up time gives its new
 * bookings no pick-up window. A pick-up time in use is not deleted (pickup-time.ts), so only one deleted before
 * that rule is met here; the forms show it as none and say so, and saving then stores none.
 */
async function checkPickUpTime(store: EventStore, supplierId: number, pickUpTimeId: number | null, message = pickUpTimeGone): Promise<void> {
  if (!pickUpTimeId) return;
  const p = await pickUpTimes.load(store, pickUpTimeId);
  const problem = !p.exists || p.supplierId !== supplierId ? PICKUP_TIME_NOT_OWNED : p.isDeleted ? message(p.fields?.name ?? '') : null;
  if (problem) throw new ValidationError(problem, { pickUpTimeId: [problem] });
}

/** A group or slot brought back must not sell with a pick-up time deleted meanwhile (its own, and its live slots' for a group). */
async function checkRestoredPickUpTimes(store: EventStore, supplierId: number, state: TimeSlotGroupState | null, slotId?: number): Promise<void> {
  if (!state?.group) return;
  const slots = state.slots.filter((s) => (slotId === undefined ? !s.isDeleted : s.id === slotId));
  const ids = [...new Set([...(slotId === undefined ? [state.group.pickUpTimeId] : []), ...slots.map((s) => s.fields.pickUpTimeId)])];
  for (const id of ids) await checkPickUpTime(store, supplierId, id, restoredPickUpTimeGone);
}

/**
 * An external provider chosen anew must be one of the supplier's own, not deleted (connectivity's read table,
 * once it has every provider event the store holds: one created a moment ago is found). One already stored is
 * not asked again, as for pick-up times.
 */
async function checkExternalProvider(db: Knex, store: EventStore, supplierId: number, providerId: number | null, stored: number | null | undefined): Promise<void> {
  if (!providerId || providerId === stored) return;
  await waitUntilCurrent(db, store, externalProvidersProjection);
  const provider = await findExternalProvider(db, providerId);
  if (!provider || provider.supplierId !== supplierId || provider.isDeleted) throw new ValidationError(EXTERNAL_PROVIDER_NOT_OWNED, { externalProviderId: [EXTERNAL_PROVIDER_NOT_OWNED] });
}

/** The group as stored, when it is the supplier's (else the decider answers not found, and nothing is checked against it). */
async function storedGroup(store: EventStore, supplierId: number, id: number): Promise<TimeSlotGroupState | null> {
  if (!id) return null;
  const state = await timeSlotGroups.load(store, id);
  return state.exists && state.supplierId === supplierId && state.group ? state : null;
}

function slotAnswer(state: TimeSlotGroupState, slotId: number, position: string | null): SavedTimeSlot {
  const slot = timeSlotGroupFromState(state).timeSlots.find((s) => s.id === slotId)!;
  return { ...slot, position };
}

@CommandHandler(SaveTimeSlotGroupCommand)
export class SaveTimeSlotGroupHandler extends CommandHandlerBase implements ICommandHandler<SaveTimeSlotGroupCommand, SavedTimeSlotGroup> {
  constructor(private readonly departures: DeparturesInUse) {
    super();
  }

  async execute({ supplierId, id: given, group: sent, context, version }: SaveTimeSlotGroupCommand): Promise<SavedTimeSlotGroup> {
    const stored = await storedGroup(this.store, supplierId, given);
    const group = groupFieldsToSave(sent, stored?.group);
    await checkPickUpTime(this.store, supplierId, group.pickUpTimeId);
    // A change of seat sharing is decided with the group's departures in use (time-slot-group.ts).
    const switching = !!stored?.group && stored.group.isTimeSlotsIndependant !== group.isTimeSlotsIndependant;
    const departuresInUseFrom = switching ? await this.departures.firstDate(supplierId, given) : undefined;
    // A lowered capacity is decided with the seats its dates hold; anything else does not need them read.
    const lowered = !!stored?.group && typeof group.capacity === 'number' && group.capacity < stored.group.capacity;
    const bookedDepartures = lowered ? await this.departures.booked(supplierId, given) : undefined;
    const isNew = !given;
    const id = given || (await this.ids.next('timeslotgroup'));
    const { state, position } = await runOnGroup(this.runner, id, { type: 'SaveTimeSlotGroup', id, supplierId, isNew, group, version, departuresInUseFrom, bookedDepartures }, context);
    return { ...timeSlotGroupFromState(state), position };
  }
}

@CommandHandler(DeleteTimeSlotGroupCommand)
export class DeleteTimeSlotGroupHandler extends CommandHandlerBase implements ICommandHandler<DeleteTimeSlotGroupCommand, SavedTimeSlotGroup> {
  constructor(private readonly departures: DeparturesInUse) {
    super();
  }

  async execute({ supplierId, id, restore, context }: DeleteTimeSlotGroupCommand): Promise<SavedTimeSlotGroup> {
    const stored = restore ? await storedGroup(this.store, supplierId, id) : null;
    if (stored?.isDeleted) await checkRestoredPickUpTimes(this.store, supplierId, stored);
    const command: TimeSlotGroupCommand = restore ? { type: 'RestoreTimeSlotGroup', id, supplierId } : { type: 'DeleteTimeSlotGroup', id, supplierId, bookedDepartures: await this.departures.booked(supplierId, id) };
    const { state, position } = await runOnGroup(this.runner, id, command, context);
    return { ...timeSlotGroupFromState(state), position };
  }
}

@CommandHandler(SaveTimeSlotCommand)
export class SaveTimeSlotHandler extends CommandHandlerBase implements ICommandHandler<SaveTimeSlotCommand, SavedTimeSlot> {
  constructor(
    private readonly departures: DeparturesInUse,
    private readonly slotBookings: SlotBookings,
  ) {
    super();
  }

  async execute({ supplierId, groupId, id: given, slot, context, version }: SaveTimeSlotCommand): Promise<SavedTimeSlot> {
    const group = await storedGroup(this.store, supplierId, groupId);
    const stored = given ? group?.slots.find((s) => s.id === given)?.fields : undefined;
    await checkPickUpTime(this.store, supplierId, slot.pickUpTimeId);
    // The provider the slot would keep (none unless it is fixed-time and external).
    const kept = normalizeTimeSlot(slot, group?.group ?? { isTimeSlotsIndependant: false, capacity: null, minimumAdvancedBooking: 0 });
    await checkExternalProvider(this.db, this.store, supplierId, kept.externalProviderId, stored?.externalProviderId);
    // Only an independent slot has seats of its own; a lowered capacity is decided with the seats its dates hold.
    const lowered = !!group?.group && !!stored && kept.capacity !== null && kept.capacity < (stored.capacity ?? group.group.capacity);
    const bookedDepartures = lowered ? await this.departures.booked(supplierId, groupId) : undefined;
    // Changed times are decided with the guests already booked on the slot; anything else does not need them read.
    const retimed = !!group?.group && !!stored && timesChange(stored, kept);
    const slotBooked = retimed ? await this.slotBookings.first(supplierId, groupId, given, group.group!.isTimeSlotsIndependant) : undefined;
    const isNew = !given;
    const slotId = given || (await this.ids.next('timeslot'));
    const { state, position } = await runOnGroup(this.runner, groupId, { type: 'SaveTimeSlot', id: groupId, supplierId, slotId, isNew, slot, version, bookedDepartures, slotBooked }, context);
    return slotAnswer(state, slotId, position);
  }
}

@CommandHandler(DeleteTimeSlotCommand)
export class DeleteTimeSlotHandler extends CommandHandlerBase implements ICommandHandler<DeleteTimeSlotCommand, SavedTimeSlot> {
  constructor(
    private readonly departures: DeparturesInUse,
    private readonly slotBookings: SlotBookings,
  ) {
    super();
  }

  async execute({ supplierId, groupId, id, restore, context }: DeleteTimeSlotCommand): Promise<SavedTimeSlot> {
    if (restore) {
      const stored = await storedGroup(this.store, supplierId, groupId);
      // A slot already live changes nothing on restore: only a deleted one is asked about.
      if (stored?.slots.some((s) => s.id === id && s.isDeleted)) await checkRestoredPickUpTimes(this.store, supplierId, stored, id);
      const { state, position } = await runOnGroup(this.runner, groupId, { type: 'RestoreTimeSlot', id: groupId, supplierId, slotId: id }, context);
      return slotAnswer(state, id, position);
    }
    const group = await storedGroup(this.store, supplierId, groupId);
    // Only a live slot of the caller's group has bookings to ask about; otherwise the decider answers (not found, or nothing to do).
    const live = !!group?.slots.some((s) => s.id === id && !s.isDeleted);
    const slotBooked = live ? await this.slotBookings.first(supplierId, groupId, id, group!.group!.isTimeSlotsIndependant) : null;
    const command: TimeSlotGroupCommand = { type: 'DeleteTimeSlot', id: groupId, supplierId, slotId: id, bookedDepartures: await this.departures.booked(supplierId, groupId), slotBooked };
    const { state, position } = await runOnGroup(this.runner, groupId, command, context);
    return slotAnswer(state, id, position);
  }
}
