import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandHandlerBase, CommandRunner, ValidationError, type CommandContext } from '@tbo/kernel';
import { PickUpTimeDirectory } from '../pickup-times/pickup-time-directory';
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

/** A chosen pick-up time must be one of the supplier's own, live ones (asked of the streams: lag would let a deleted one in). */
async function checkPickUpTime(directory: PickUpTimeDirectory, supplierId: number, pickUpTimeId: number | null): Promise<void> {
  if (!pickUpTimeId) return;
  if (!(await directory.ownedBy(supplierId, [pickUpTimeId])).has(pickUpTimeId)) throw new ValidationError(PICKUP_TIME_NOT_OWNED, { pickUpTimeId: [PICKUP_TIME_NOT_OWNED] });
}

function slotAnswer(state: TimeSlotGroupState, slotId: number, position: string | null): SavedTimeSlot {
  const slot = timeSlotGroupFromState(state).timeSlots.find((s) => s.id === slotId)!;
  return { ...slot, position };
}

@CommandHandler(SaveTimeSlotGroupCommand)
export class SaveTimeSlotGroupHandler extends CommandHandlerBase implements ICommandHandler<SaveTimeSlotGroupCommand, SavedTimeSlotGroup> {
  constructor(private readonly pickUpTimes: PickUpTimeDirectory) {
    super();
  }

  async execute({ supplierId, id: given, group, context, version }: SaveTimeSlotGroupCommand): Promise<SavedTimeSlotGroup> {
    await checkPickUpTime(this.pickUpTimes, supplierId, group.pickUpTimeId);
    const isNew = !given;
    const id = given || (await this.ids.next('timeslotgroup'));
    const { state, position } = await runOnGroup(this.runner, id, { type: 'SaveTimeSlotGroup', id, supplierId, isNew, group, version }, context);
    return { ...timeSlotGroupFromState(state), position };
  }
}

@CommandHandler(DeleteTimeSlotGroupCommand)
export class DeleteTimeSlotGroupHandler extends CommandHandlerBase implements ICommandHandler<DeleteTimeSlotGroupCommand, SavedTimeSlotGroup> {
  async execute({ supplierId, id, restore, context }: DeleteTimeSlotGroupCommand): Promise<SavedTimeSlotGroup> {
    const { state, position } = await runOnGroup(this.runner, id, { type: restore ? 'RestoreTimeSlotGroup' : 'DeleteTimeSlotGroup', id, supplierId }, context);
    return { ...timeSlotGroupFromState(state), position };
  }
}

@CommandHandler(SaveTimeSlotCommand)
export class SaveTimeSlotHandler extends CommandHandlerBase implements ICommandHandler<SaveTimeSlotCommand, SavedTimeSlot> {
  constructor(private readonly pickUpTimes: PickUpTimeDirectory) {
    super();
  }

  async execute({ supplierId, groupId, id: given, slot, context, version }: SaveTimeSlotCommand): Promise<SavedTimeSlot> {
    await checkPickUpTime(this.pickUpTimes, supplierId, slot.pickUpTimeId);
    const isNew = !given;
    const slotId = given || (await this.ids.next('timeslot'));
    const { state, position } = await runOnGroup(this.runner, groupId, { type: 'SaveTimeSlot', id: groupId, supplierId, slotId, isNew, slot, version }, context);
    return slotAnswer(state, slotId, position);
  }
}

@CommandHandler(DeleteTimeSlotCommand)
export class DeleteTimeSlotHandler extends CommandHandlerBase implements ICommandHandler<DeleteTimeSlotCommand, SavedTimeSlot> {
  async execute({ supplierId, groupId, id, restore, context }: DeleteTimeSlotCommand): Promise<SavedTimeSlot> {
    const { state, position } = await runOnGroup(this.runner, groupId, { type: restore ? 'RestoreTimeSlot' : 'DeleteTimeSlot', id: groupId, supplierId, slotId: id }, context);
    return slotAnswer(state, id, position);
  }
}
