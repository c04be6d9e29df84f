import { Param, Query, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { findTimeSlot, findTimeSlotGroup, listTimeSlotGroups, listTimeSlotsOfGroup, timeSlotGroupsProjection, timeSlotOptions, waitUntilCurrent, type TimeSlotGroupListRow, type TimeSlotOptionGroup } from '@tbo/read-models';
import { afterParam, ApiController, commandContextFrom, CurrentUser, GetRoute, IdPipe, ItemWritesController, sendXlsx, SheetLanguageOfCaller, supplierScope, zodPipe, type AuthUser, type CellValue, type SheetLanguage } from '@tbo/kernel';
import { timeSlotGroupNotFound } from './time-slot-group';
import { DeleteTimeSlotCommand, SaveTimeSlotCommand, saveTimeSlotInput, type SaveTimeSlotInput } from './time-slot.commands';
import { timeSlotGroupView, timeSlotView, type TimeSlotGroup } from './time-slot.views';
import { withSlotOffers } from './time-slot-offers';
import type { SavedTimeSlot } from './save-time-slot-group.handler';
import { TIME_SLOTS_SHEET_WORDS, timeSlotsSheetColumns } from './time-slots-sheet';

/** An editor's read waits longer than a list's for the read model: it saves what it reads, and a stale read comes back as a 409. */
const EDITOR_READ_WAIT_MS = 10_000;

const showDeleted = z
  .union([z.boolean(), z.enum(['true', 'false', ''])], { message: 'showDeleted must be true or false' })
  .optional()
  .transform((v) => v === true || v === 'true');
export const timeSlotGroupListQuery = z.object({ showDeleted, after: afterParam }).strict();
type ListQuery = z.output<typeof timeSlotGroupListQuery>;
const oneQuery = z.object({ after: afterParam }).strict();
type OneQuery = z.output<typeof oneQuery>;

const slotWrites = ItemWritesController<typeof saveTimeSlotInput, SavedTimeSlot>({
  input: saveTimeSlotInput,
  roles: ['admin', 'editor'],
  summaries: {
    create: 'Create a time slot in a group (id 0, groupId required; any other id is saved as with PUT); answers the slot with version and position',
    update: "Save a time slot of a group (id 0 creates one); 409 when the slot's version sent is stale",
    remove: 'Mark a time slot deleted; answers the slot',
    restore: 'Bring a deleted time slot back; answers the slot',
  },
});

/**
 * Spec 02 §7: time slot groups and their slots, for Admin and Editor (spec 02 §6): the reads, and the slots'
 * writes (a group's are TimeSlotGroupsController's). Reads come from the time_slot_groups read model; commands
 * answer the saved item with the position a read's ?after= waits for.
 */
@ApiController('timeslots', 'api/timeslots')
export class TimeSlotsController extends slotWrites {
  private caughtUp(after: string | undefined, timeoutMs?: number): Promise<boolean> {
    return waitUntilCurrent(this.db, this.store, timeSlotGroupsProjection, after, timeoutMs);
  }

  private async slotAnswer(supplierId: number, saved: SavedTimeSlot): Promise<SavedTimeSlot> {
    const [slot] = await withSlotOffers(this.db, supplierId, [saved]);
    return slot!;
  }

  protected async save(body: SaveTimeSlotInput, user: AuthUser, req: Request): Promise<SavedTimeSlot> {
    const supplierId = supplierScope(user);
    const saved: SavedTimeSlot = await this.commands.execute(new SaveTimeSlotCommand(supplierId, body.groupId, body.id, body.slot, commandContextFrom(req, user), body.version));
    return this.slotAnswer(supplierId, saved);
  }

  /** A slot is named by its id alone: its group comes from the read model (the decider then checks it on the stream). */
  protected override async setDeleted(id: number, restore: boolean, user: AuthUser, req: Request): Promise<SavedTimeSlot> {
    const supplierId = supplierScope(user);
    await this.caughtUp(undefined);
    const slot = await findTimeSlot(this.db, supplierId, id);
    if (!slot) throw timeSlotGroupNotFound();
    return this.slotAnswer(supplierId, await this.commands.execute(new DeleteTimeSlotCommand(supplierId, slot.groupId, id, restore, commandContextFrom(req, user))));
  }

  @GetRoute('groups', ['admin', 'editor'], "The supplier's time slot groups (deleted ones only with showDeleted), by name: [{id, name, capacity, minimumAdvancedBooking, pickUpTimeId, isTimeSlotsIndependant, isDeleted, version, timeSlotNames, timeSlots: [{id, name}]}]")
  async groups(@Query(zodPipe(timeSlotGroupListQuery)) q: ListQuery, @CurrentUser() user: AuthUser): Promise<TimeSlotGroupListRow[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return listTimeSlotGroups(this.db, supplierId, { showDeleted: q.showDeleted });
  }

  @GetRoute('options', ['admin', 'editor'], "The supplier's live groups with their live slots, for the offer editor: [{id, name, timeSlots: [{id, name, timeType, startTime, endTime}]}]")
  async options(@Query(zodPipe(oneQuery)) q: OneQuery, @CurrentUser() user: AuthUser): Promise<TimeSlotOptionGroup[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return timeSlotOptions(this.db, supplierId);
  }

  @GetRoute('groups/:id', ['admin', 'editor'], "One of the supplier's groups with its version and its timeSlots (deleted ones included, each with its own version); 404 'Not found' otherwise")
  async group(@Param('id', IdPipe) id: number, @Query(zodPipe(oneQuery)) q: OneQuery, @CurrentUser() user: AuthUser): Promise<TimeSlotGroup> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after, EDITOR_READ_WAIT_MS);
    const group = await findTimeSlotGroup(this.db, supplierId, id);
    if (!group) throw timeSlotGroupNotFound();
    const slots = (await listTimeSlotsOfGroup(this.db, supplierId, id)).map((s) => timeSlotView(s));
    return timeSlotGroupView(group, await withSlotOffers(this.db, supplierId, slots));
  }

  @GetRoute('export', ['admin', 'editor'], 'The groups list (same filter) as timeslots.xlsx')
  async export(@Query(zodPipe(timeSlotGroupListQuery)) q: ListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    const rows = await listTimeSlotGroups(this.db, supplierId, { showDeleted: q.showDeleted });
    const w = TIME_SLOTS_SHEET_WORDS[lang];
    const yesNo = (v: boolean) => (v ? w.yes : w.no);
    function* cells(): Iterable<CellValue[]> {
      for (const r of rows) yield [r.id, r.name, r.capacity, r.minimumAdvancedBooking, r.pickUpTimeName ?? '', yesNo(r.isTimeSlotsIndependant), r.timeSlotNames.join(', '), yesNo(r.isDeleted)];
    }
    await sendXlsx(res, 'timeslots.xlsx', { title: w.title, columns: timeSlotsSheetColumns(w), rows: cells() });
  }

}
