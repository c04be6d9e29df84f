import { Param, Query } from '@nestjs/common';
import type { Request } from 'express';
import {
  findPickUpTime,
  listPickUpTimes,
  pickUpTimeHotelLines,
  pickUpTimeOptions,
  pickUpTimeRegionLines,
  pickUpTimesProjection,
  waitUntilCurrent,
  type PickUpTimeHotelLine,
  type PickUpTimeListRow,
  type PickUpTimeRegionLine,
} from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CurrentUser, GetRoute, IdPipe, ItemWritesController, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { pickUpTimeNotFound, type SavedPickUpTime } from './pickup-time';
import { DeletePickUpTimeCommand, SavePickUpTimeCommand, savePickUpTimeInput, type SavePickUpTimeInput } from './pickup-time.commands';

/** An editor's read waits longer than a list's for the read model: it saves what it reads, and a stale read comes back as a 409. */
const EDITOR_READ_WAIT_MS = 10_000;

/** GET /api/pickuptimes/{id}: the edit screen's whole pick-up time. */
export interface PickUpTimeView {
  id: number;
  name: string;
  isFixedTime: boolean;
  isDeleted: boolean;
  regionsPickUpTimes: PickUpTimeRegionLine[];
  hotelsPickUpTimes: PickUpTimeHotelLine[];
  version: number;
}

/** Spec 02 §2 and §7: the pick-up times list and edit screen. Admins and editors of a supplier manage them. */
const pickUpTimeWrites = ItemWritesController<typeof savePickUpTimeInput, SavedPickUpTime>({
  input: savePickUpTimeInput,
  deleteCommand: DeletePickUpTimeCommand,
  roles: ['admin', 'editor'],
  summaries: {
    create: 'Create a pick-up time (id 0; any other id is saved as with PUT); hotel rows without a time are dropped; answers it with version and position',
    update: 'Save an existing pick-up time (id and version; id 0 creates one); 409 when the version sent is stale',
    remove: 'Delete a pick-up time (it leaves the list and the options); answers it with version and position',
    restore: 'Bring a deleted pick-up time back; answers it with version and position',
  },
});

@ApiController('pickuptimes', 'api/pickuptimes')
export class PickUpTimesController extends pickUpTimeWrites {
  /**
   * Read your writes: `?after=<position>` from a save waits until the read model has passed it; without it, until
   * the read model has every pick-up time event the store holds (as the time slot reads do).
   */
  private async caughtUp(after: string | undefined, timeoutMs?: number): Promise<void> {
    await waitUntilCurrent(this.db, this.store, pickUpTimesProjection, after, timeoutMs);
  }

  protected save(body: SavePickUpTimeInput, user: AuthUser, req: Request): Promise<SavedPickUpTime> {
    const supplierId = supplierScope(user);
    const { id, version, position: _position, isDeleted: _isDeleted, ...pickUpTime } = body;
    return this.commands.execute(new SavePickUpTimeCommand(supplierId, id, pickUpTime, commandContextFrom(req, user), version));
  }

  @GetRoute('options', ['admin', 'editor'], "The pick-up time dropdowns' options: the supplier's pick-up times that are not deleted, [{id, name}], by name")
  async options(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<{ id: number; name: string }[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return pickUpTimeOptions(this.db, supplierId);
  }

  @GetRoute('', ['admin', 'editor'], "The supplier's pick-up times that are not deleted, [{id, name, isFixedTime}], sorted by name ascending")
  async list(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<PickUpTimeListRow[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return listPickUpTimes(this.db, supplierId);
  }

  @GetRoute(
    ':id',
    ['admin', 'editor'],
    'One pick-up time with its version: every region (with cityName, isActive, timeStart and timeEnd, null when unset) and its hotel overrides; ' +
      "404 'Time slot group not found or you are not allowed to manage it' for an unknown id or another supplier's pick-up time",
  )
  async one(@Param('id', IdPipe) id: number, @Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<PickUpTimeView> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after, EDITOR_READ_WAIT_MS);
    const row = await findPickUpTime(this.db, id);
    if (!row || row.supplierId !== supplierId) throw pickUpTimeNotFound();
    const [regionsPickUpTimes, hotelsPickUpTimes] = await Promise.all([pickUpTimeRegionLines(this.db, id), pickUpTimeHotelLines(this.db, id)]);
    return { id: row.id, name: row.name, isFixedTime: row.isFixedTime, isDeleted: row.isDeleted, regionsPickUpTimes, hotelsPickUpTimes, version: row.version };
  }

}
