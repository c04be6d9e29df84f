import type { Request } from 'express';
import { ApiController, commandContextFrom, ItemWritesController, supplierScope, type AuthUser } from '@tbo/kernel';
import { DeleteTimeSlotGroupCommand, saveTimeSlotGroupInput, SaveTimeSlotGroupCommand, type SaveTimeSlotGroupInput } from './time-slot.commands';
import { withSlotOffers } from './time-slot-offers';
import type { SavedTimeSlotGroup } from './save-time-slot-group.handler';

const groupWrites = ItemWritesController<typeof saveTimeSlotGroupInput, SavedTimeSlotGroup>({
  path: 'group',
  input: saveTimeSlotGroupInput,
  deleteCommand: DeleteTimeSlotGroupCommand,
  roles: ['admin', 'editor'],
  summaries: {
    create: 'Create a time slot group (id 0; any other id is saved as with PUT); answers the group with its timeSlots, version and position',
    update: "Save a time slot group (id 0 creates one); 409 when the group's version sent is stale",
    remove: 'Mark a time slot group deleted (listed again with showDeleted); answers the group',
    restore: 'Bring a deleted time slot group back; answers the group',
  },
});

/**
 * Spec 02 §7: the writes of a time slot group, under /api/timeslots/group (its reads, and its slots, are
 * TimeSlotsController's). The answer's slots carry the offers that sell them, as a read's do.
 */
@ApiController('timeslots', 'api/timeslots')
export class TimeSlotGroupsController extends groupWrites {
  protected async save(body: SaveTimeSlotGroupInput, user: AuthUser, req: Request): Promise<SavedTimeSlotGroup> {
    const supplierId = supplierScope(user);
    return this.answer(supplierId, await this.commands.execute(new SaveTimeSlotGroupCommand(supplierId, body.id, body.group, commandContextFrom(req, user), body.version)));
  }

  protected override async setDeleted(id: number, restore: boolean, user: AuthUser, req: Request): Promise<SavedTimeSlotGroup> {
    const supplierId = supplierScope(user);
    return this.answer(supplierId, await this.commands.execute(new DeleteTimeSlotGroupCommand(supplierId, id, restore, commandContextFrom(req, user))));
  }

  private async answer(supplierId: number, saved: SavedTimeSlotGroup): Promise<SavedTimeSlotGroup> {
    return { ...saved, timeSlots: await withSlotOffers(this.db, supplierId, saved.timeSlots) };
  }
}
