import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { externalProvidersProjection, findExternalProvider, waitUntilCurrent } from '@tbo/read-models';
import { CommandHandlerBase, CommandRunner, ValidationError, type CommandContext, type EventStore } from '@tbo/kernel';
import { DeparturesInUse } from '../departures/departures-in-use';
import { PickUpTimeDirectory } from '../pickup-times/pickup-time-directory';
import { normalizeTimeSlot } from '../pure/time-slot-rules.pure';
import { timeSlotGroups, type TimeSlotGroupCommand, type TimeSlotGroupState } from './time-slot-group';
import { DeleteTimeSlotCommand, DeleteTimeSlotGroupCommand, SaveTimeSlotCommand, SaveTimeSlotGroupCommand } from './time-slot.commands';
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

/**
 * A pick-up time chosen anew must be one of the supplier's own, live ones (asked of the streams: lag would let a
 * deleted one in). One already stored is not asked again: deleting a pick-up time must not stop its groups and
 * slots from being saved (the forms show it as no pick-up time, and saving with it unchanged keeps it).
 */
async function checkPickUpTime(directory: PickUpTimeDirectory, supplierId: number, pickUpTimeId: number | null, stored: number | null | undefined): Promise<void> {
  if (!pickUpTimeId || pickUpTimeId === stored) return;
  if (!(await directory.ownedBy(supplierId, [pickUpTimeId])).has(pickUpTimeId)) throw new ValidationError(PICKUP_TIME_NOT_OWNED, { pickUpTimeId: [PICKUP_TIME_NOT_OWNED] });
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
  constructor(
    private readonly pickUpTimes: PickUpTimeDirectory,
    private readonly departures: DeparturesInUse,
  ) {
    super();
  }

  async execute({ supplierId, id: given, group, context, version }: SaveTimeSlotGroupCommand): Promise<SavedTimeSlotGroup> {
    const stored = await storedGroup(this.store, supplierId, given);
    await checkPickUpTime(this.pickUpTimes, supplierId, group.pickUpTimeId, stored?.group?.pickUpTimeId);
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
    const command: TimeSlotGroupCommand = restore ? { type: 'RestoreTimeSlotGroup', id, supplierId } : { type: 'DeleteTimeSlotGroup', id, supplierId, bookedDepartures: await this.departures.booked(supplierId, id) };
    const { state, position } = await runOnGroup(this.runner, id, command, context);
    return { ...timeSlotGroupFromState(state), position };
  }
}

@CommandHandler(SaveTimeSlotCommand)
export class SaveTimeSlotHandler extends CommandHandlerBase implements ICommandHandler<SaveTimeSlotCommand, SavedTimeSlot> {
  constructor(
    private readonly pickUpTimes: PickUpTimeDirectory,
    private readonly departures: DeparturesInUse,
  ) {
    super();
  }

  async execute({ supplierId, groupId, id: given, slot, context, version }: SaveTimeSlotCommand): Promise<SavedTimeSlot> {
    const group = await storedGroup(this.store, supplierId, groupId);
    const stored = given ? group?.slots.find((s) => s.id === given)?.fields : undefined;
    await checkPickUpTime(this.pickUpTimes, supplierId, slot.pickUpTimeId, stored?.pickUpTimeId);
    // The provider the slot would keep (none unless it is fixed-time and external).
    const kept = normalizeTimeSlot(slot, group?.group ?? { isTimeSlotsIndependant: false, capacity: null, minimumAdvancedBooking: 0 });
    await checkExternalProvider(this.db, this.store, supplierId, kept.externalProviderId, stored?.externalProviderId);
    // Only an independent slot has seats of its own; a lowered capacity is decided with the seats its dates hold.
    const lowered = !!group?.group && !!stored && kept.capacity !== null && kept.capacity < (stored.capacity ?? group.group.capacity);
    const bookedDepartures = lowered ? await this.departures.booked(supplierId, groupId) : undefined;
    const isNew = !given;
    const slotId = given || (await this.ids.next('timeslot'));
    const { state, position } = await runOnGroup(this.runner, groupId, { type: 'SaveTimeSlot', id: groupId, supplierId, slotId, isNew, slot, version, bookedDepartures }, context);
    return slotAnswer(state, slotId, position);
  }
}

@CommandHandler(DeleteTimeSlotCommand)
export class DeleteTimeSlotHandler extends CommandHandlerBase implements ICommandHandler<DeleteTimeSlotCommand, SavedTimeSlot> {
  constructor(private readonly departures: DeparturesInUse) {
    super();
  }

  async execute({ supplierId, groupId, id, restore, context }: DeleteTimeSlotCommand): Promise<SavedTimeSlot> {
    const command: TimeSlotGroupCommand = restore
      ? { type: 'RestoreTimeSlot', id: groupId, supplierId, slotId: id }
      : { type: 'DeleteTimeSlot', id: groupId, supplierId, slotId: id, bookedDepartures: await this.departures.booked(supplierId, groupId) };
    const { state, position } = await runOnGroup(this.runner, groupId, command, context);
    return slotAnswer(state, id, position);
  }
}
