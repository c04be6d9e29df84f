import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandHandlerBase } from '@tbo/kernel';
import { mergeProblems, pickUpTimeProblems, pickUpTimes, savedPickUpTime, throwProblems, type PickUpTimeCommand, type SavedPickUpTime } from './pickup-time';
import { DeletePickUpTimeCommand, SavePickUpTimeCommand } from './pickup-time.commands';
import { PickUpTimeReferenceChecks } from './pickup-time-references';
import { PickUpTimeUsers } from './pickup-time-users';

@CommandHandler(SavePickUpTimeCommand)
export class SavePickUpTimeHandler extends CommandHandlerBase implements ICommandHandler<SavePickUpTimeCommand, SavedPickUpTime> {
  constructor(private readonly references: PickUpTimeReferenceChecks) {
    super();
  }

  async execute({ supplierId, id: given, pickUpTime, context, version }: SavePickUpTimeCommand): Promise<SavedPickUpTime> {
    // Unknown regions and hotels are reported with the decider's own rules, all at once.
    const missing = await this.references.problems(pickUpTime);
    if (Object.keys(missing).length) throwProblems(mergeProblems(pickUpTimeProblems(pickUpTime), missing));
    // A new id only for a form the decider would accept: an invalid create leaves no gap in the ids.
    if (!given) throwProblems(pickUpTimeProblems(pickUpTime));
    const outcome = await this.saveEntity(pickUpTimes, 'pickuptime', { given, version, context, command: (id, isNew) => ({ type: 'SavePickUpTime', id, supplierId, isNew, pickUpTime }) });
    return savedPickUpTime(outcome.state, outcome.revision, outcome.position);
  }
}

@CommandHandler(DeletePickUpTimeCommand)
export class DeletePickUpTimeHandler extends CommandHandlerBase implements ICommandHandler<DeletePickUpTimeCommand, SavedPickUpTime> {
  constructor(private readonly users: PickUpTimeUsers) {
    super();
  }

  async execute({ supplierId, id, restore, context }: DeletePickUpTimeCommand): Promise<SavedPickUpTime> {
    const command: PickUpTimeCommand = restore ? { type: 'RestorePickUpTime', id, supplierId } : { type: 'DeletePickUpTime', id, supplierId, usedBy: await this.users.of(supplierId, id) };
    const outcome = await pickUpTimes.run(this.runner, id, command, context);
    return savedPickUpTime(outcome.state, outcome.revision, outcome.position);
  }
}
