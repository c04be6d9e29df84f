import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { availabilityGrid, availabilityProjection, waitUntilCurrent, type AvailabilityRow } from '@tbo/read-models';
import { commandContextFrom, CommandQueryController, CurrentUser, Roles, supplierScope, zodPipe, type AuthUser } from '@tbo/kernel';
import { dubaiToday } from './business-date.pure';
import type { SavedDeparture } from './change-departure.handler';
import {
  availabilityQuery,
  ChangeDepartureCommand,
  departureCapacityInput,
  departureInput,
  type AvailabilityQuery,
  type DepartureCapacityInput,
  type DepartureChange,
  type DepartureInput,
} from './departure.commands';

export interface AvailabilityAnswer {
  /** Today in Dubai, so the chart knows which dates are history without trusting the browser's clock. */
  today: string;
  from: string;
  days: number;
  rows: AvailabilityRow[];
}

/**
 * The availability chart (the Manage menu's /availability). Spec 02 names no calls for it; these are ours:
 *
 *   GET  /api/availability?from=YYYY-MM-DD&days=14[&after=position]
 *        → { today, from, days, rows: [{ groupId, timeSlotId|null, name, groupName, startTime, timeType, timeSlotNames,
 *            baseCapacity, days: [{ date, capacity, ownCapacity, taken, held, left, closed, offered }] }] }
 *        from defaults to today (Dubai), days to 14 (1..120). A row is a group whose slots share its seats
 *        (timeSlotId null) or a slot of a group whose slots are independent.
 *   POST /api/availability/close     { groupId, timeSlotId?, date }             stop sale on the date
 *   POST /api/availability/reopen    { groupId, timeSlotId?, date }             on sale again
 *   POST /api/availability/capacity  { groupId, timeSlotId?, date, capacity }   the date's own capacity (0..999999),
 *                                                                               or null: the group's (or slot's) again
 *        → { groupId, timeSlotId, date, capacity, ownCapacity, baseCapacity, taken, held, left, closed, position }
 *
 * Admin or Editor (spec 02 §6, the Manage menu), within the caller's supplier: another supplier's group answers
 * 'Time slot group not found or you are not allowed to manage it'. Commands answer `position`; a read given
 * ?after= waits for the availability read model to pass it (read your writes).
 */
@ApiTags('availability')
@Controller('api/availability')
export class AvailabilityController extends CommandQueryController {
  private change(body: DepartureInput, change: DepartureChange, user: AuthUser, req: Request): Promise<SavedDeparture> {
    const supplierId = supplierScope(user);
    return this.commands.execute(new ChangeDepartureCommand(supplierId, body, change, commandContextFrom(req, user)));
  }

  @Get()
  @Roles('admin', 'editor')
  @ApiOperation({
    summary:
      'Seats per group (or independent slot) per date: { today, from, days, rows: [{ groupId, timeSlotId, name, groupName, startTime, timeType, timeSlotNames, baseCapacity, days: [{ date, capacity, ownCapacity, taken, held, left, closed, offered }] }] }',
  })
  async grid(@Query(zodPipe(availabilityQuery)) q: AvailabilityQuery, @CurrentUser() user: AuthUser): Promise<AvailabilityAnswer> {
    const supplierId = supplierScope(user);
    await waitUntilCurrent(this.db, this.store, availabilityProjection, q.after);
    const today = dubaiToday();
    const from = q.from ?? today;
    return { today, from, days: q.days, rows: await availabilityGrid(this.db, supplierId, from, q.days) };
  }

  @Post('close')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Close a date for sale (stop sale) for a group, or a slot of an independent group; closing a closed date changes nothing' })
  close(@Body(zodPipe(departureInput)) body: DepartureInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedDeparture> {
    return this.change(body, { kind: 'close' }, user, req);
  }

  @Post('reopen')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Put a closed date on sale again; reopening an open date changes nothing' })
  reopen(@Body(zodPipe(departureInput)) body: DepartureInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedDeparture> {
    return this.change(body, { kind: 'reopen' }, user, req);
  }

  @Post('capacity')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "Give one date a capacity of its own (0..999999), or null for the group's (or slot's) again; never below the seats taken" })
  capacity(@Body(zodPipe(departureCapacityInput)) body: DepartureCapacityInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedDeparture> {
    const { capacity, ...departure } = body;
    return this.change(departure, { kind: 'capacity', capacity }, user, req);
  }
}
