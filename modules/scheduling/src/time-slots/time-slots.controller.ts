import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { findTimeSlot, findTimeSlotGroup, listTimeSlotGroups, listTimeSlotsOfGroup, offersOfTimeSlots, timeSlotGroupsProjection, timeSlotOptions, waitUntilCurrent, type TimeSlotGroupListRow, type TimeSlotOptionGroup } from '@tbo/read-models';
import { afterParam, commandContextFrom, CommandQueryController, CurrentUser, IdPipe, Roles, supplierScope, writeXlsx, zodPipe, type AuthUser, type CellValue } from '@tbo/kernel';
import { timeSlotGroupNotFound } from './time-slot-group';
import { DeleteTimeSlotCommand, DeleteTimeSlotGroupCommand, SaveTimeSlotCommand, saveTimeSlotGroupInput, SaveTimeSlotGroupCommand, saveTimeSlotInput, type SaveTimeSlotGroupInput, type SaveTimeSlotInput } from './time-slot.commands';
import { timeSlotGroupView, timeSlotView, type TimeSlot, type TimeSlotGroup } from './time-slot.views';
import type { SavedTimeSlot, SavedTimeSlotGroup } from './save-time-slot-group.handler';

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

/**
 * Spec 02 §7: time slot groups and their slots, for Admin and Editor (spec 02 §6). Reads come from the
 * time_slot_groups read model; commands answer the saved item with the position a read's ?after= waits for.
 */
@ApiTags('timeslots')
@Controller('api/timeslots')
export class TimeSlotsController extends CommandQueryController {
  private caughtUp(after: string | undefined, timeoutMs?: number): Promise<boolean> {
    return waitUntilCurrent(this.db, this.store, timeSlotGroupsProjection, after, timeoutMs);
  }

  /** The offers that sell each slot are the catalog's, not the group stream's: read from the offers read model. */
  private async withOffers<T extends TimeSlot>(supplierId: number, slots: T[]): Promise<T[]> {
    const offers = await offersOfTimeSlots(
      this.db,
      supplierId,
      slots.map((s) => s.id),
    );
    return slots.map((s) => ({ ...s, offers: offers.get(s.id) ?? [] }));
  }

  private async groupAnswer(supplierId: number, saved: SavedTimeSlotGroup): Promise<SavedTimeSlotGroup> {
    return { ...saved, timeSlots: await this.withOffers(supplierId, saved.timeSlots) };
  }

  private async slotAnswer(supplierId: number, saved: SavedTimeSlot): Promise<SavedTimeSlot> {
    const [slot] = await this.withOffers(supplierId, [saved]);
    return slot!;
  }

  private async saveGroup(body: SaveTimeSlotGroupInput, user: AuthUser, req: Request): Promise<SavedTimeSlotGroup> {
    const supplierId = supplierScope(user);
    const saved: SavedTimeSlotGroup = await this.commands.execute(new SaveTimeSlotGroupCommand(supplierId, body.id, body.group, commandContextFrom(req, user), body.version));
    return this.groupAnswer(supplierId, saved);
  }

  private async saveSlot(body: SaveTimeSlotInput, user: AuthUser, req: Request): Promise<SavedTimeSlot> {
    const supplierId = supplierScope(user);
    const saved: SavedTimeSlot = await this.commands.execute(new SaveTimeSlotCommand(supplierId, body.groupId, body.id, body.slot, commandContextFrom(req, user), body.version));
    return this.slotAnswer(supplierId, saved);
  }

  private async deleteGroup(id: number, restore: boolean, user: AuthUser, req: Request): Promise<SavedTimeSlotGroup> {
    const supplierId = supplierScope(user);
    return this.groupAnswer(supplierId, await this.commands.execute(new DeleteTimeSlotGroupCommand(supplierId, id, restore, commandContextFrom(req, user))));
  }

  /** A slot is named by its id alone: its group comes from the read model (the decider then checks it on the stream). */
  private async deleteSlot(id: number, restore: boolean, user: AuthUser, req: Request): Promise<SavedTimeSlot> {
    const supplierId = supplierScope(user);
    await this.caughtUp(undefined);
    const slot = await findTimeSlot(this.db, supplierId, id);
    if (!slot) throw timeSlotGroupNotFound();
    return this.slotAnswer(supplierId, await this.commands.execute(new DeleteTimeSlotCommand(supplierId, slot.groupId, id, restore, commandContextFrom(req, user))));
  }

  @Get('groups')
  @Roles('admin', 'editor')
  @ApiOperation({
    summary:
      "The supplier's time slot groups (deleted ones only with showDeleted), by name: [{id, name, capacity, minimumAdvancedBooking, pickUpTimeId, isTimeSlotsIndependant, isDeleted, version, timeSlotNames}]",
  })
  async groups(@Query(zodPipe(timeSlotGroupListQuery)) q: ListQuery, @CurrentUser() user: AuthUser): Promise<TimeSlotGroupListRow[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return listTimeSlotGroups(this.db, supplierId, { showDeleted: q.showDeleted });
  }

  @Get('options')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "The supplier's live groups with their live slots, for the offer editor: [{id, name, timeSlots: [{id, name, timeType, startTime, endTime}]}]" })
  async options(@Query(zodPipe(oneQuery)) q: OneQuery, @CurrentUser() user: AuthUser): Promise<TimeSlotOptionGroup[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return timeSlotOptions(this.db, supplierId);
  }

  @Get('groups/:id')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "One of the supplier's groups with its version and its timeSlots (deleted ones included, each with its own version); 404 'Not found' otherwise" })
  async group(@Param('id', IdPipe) id: number, @Query(zodPipe(oneQuery)) q: OneQuery, @CurrentUser() user: AuthUser): Promise<TimeSlotGroup> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after, EDITOR_READ_WAIT_MS);
    const group = await findTimeSlotGroup(this.db, supplierId, id);
    if (!group) throw timeSlotGroupNotFound();
    const slots = (await listTimeSlotsOfGroup(this.db, supplierId, id)).map((s) => timeSlotView(s));
    return timeSlotGroupView(group, await this.withOffers(supplierId, slots));
  }

  @Get('export')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'The groups list (same filter) as timeslots.xlsx' })
  async export(@Query(zodPipe(timeSlotGroupListQuery)) q: ListQuery, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    const rows = await listTimeSlotGroups(this.db, supplierId, { showDeleted: q.showDeleted });
    const fileName = 'timeslots.xlsx';
    res.status(200);
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
    function* cells(): Iterable<CellValue[]> {
      for (const r of rows) yield [r.id, r.name, r.capacity, r.minimumAdvancedBooking, r.pickUpTimeName ?? '', yesNo(r.isTimeSlotsIndependant), r.timeSlotNames.join(', '), yesNo(r.isDeleted)];
    }
    await writeXlsx(res, {
      title: 'Time slots',
      columns: [
        { header: 'Id', width: 10 },
        { header: 'Name', width: 40 },
        { header: 'Capacity' },
        { header: 'Minimum advanced booking (hours)', width: 20 },
        { header: 'Pick-up time', width: 30 },
        { header: 'Independent time slots', width: 14 },
        { header: 'Time slots', width: 60 },
        { header: 'Deleted' },
      ],
      rows: cells(),
    });
  }

  @Post('group')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Create a time slot group (id 0; any other id is saved as with PUT); answers the group with its timeSlots, version and position' })
  createGroup(@Body(zodPipe(saveTimeSlotGroupInput)) body: SaveTimeSlotGroupInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlotGroup> {
    return this.saveGroup(body, user, req);
  }

  @Put('group')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "Save a time slot group (id 0 creates one); 409 when the group's version sent is stale" })
  updateGroup(@Body(zodPipe(saveTimeSlotGroupInput)) body: SaveTimeSlotGroupInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlotGroup> {
    return this.saveGroup(body, user, req);
  }

  @Delete('group/:id')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Mark a time slot group deleted (listed again with showDeleted); answers the group' })
  removeGroup(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlotGroup> {
    return this.deleteGroup(id, false, user, req);
  }

  @Post('group/:id/restore')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Bring a deleted time slot group back; answers the group' })
  restoreGroup(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlotGroup> {
    return this.deleteGroup(id, true, user, req);
  }

  @Post()
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Create a time slot in a group (id 0, groupId required; any other id is saved as with PUT); answers the slot with version and position' })
  createSlot(@Body(zodPipe(saveTimeSlotInput)) body: SaveTimeSlotInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlot> {
    return this.saveSlot(body, user, req);
  }

  @Put()
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "Save a time slot of a group (id 0 creates one); 409 when the slot's version sent is stale" })
  updateSlot(@Body(zodPipe(saveTimeSlotInput)) body: SaveTimeSlotInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlot> {
    return this.saveSlot(body, user, req);
  }

  @Delete(':id')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Mark a time slot deleted; answers the slot' })
  removeSlot(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlot> {
    return this.deleteSlot(id, false, user, req);
  }

  @Post(':id/restore')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Bring a deleted time slot back; answers the slot' })
  restoreSlot(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedTimeSlot> {
    return this.deleteSlot(id, true, user, req);
  }
}
