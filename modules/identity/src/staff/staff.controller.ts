import { Body, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { waitForProjection, type StaffMember } from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CurrentUser, GetRoute, IdPipe, PostRoute, PutRoute, QueryController, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { addStaffInput, staffActiveInput, staffPasswordInput, staffRolesInput, type AddStaffInput, type StaffChanged } from './staff.inputs';
import { StaffService } from './staff.service';

/** /admin/staff's calls: the caller's supplier's users and the admin's changes to them (every one an event with who did it). */
@ApiController('staff', 'api/staff')
export class StaffController extends QueryController {
  constructor(private readonly staff: StaffService) {
    super();
  }

  @GetRoute('', ['admin'], "The caller's supplier's users with their roles and whether they are active")
  async list(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<StaffMember[]> {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'users', q.after, 2_000);
    return this.staff.list(supplierId);
  }

  @PostRoute('', ['admin'], 'Adds a user to the supplier; without a password the server makes one and answers it once')
  add(@Body(zodPipe(addStaffInput)) body: AddStaffInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<StaffChanged> {
    return this.staff.add(supplierScope(user), body, commandContextFrom(req, user));
  }

  @PutRoute(':id/roles', ['admin'], "A staff member's roles; the supplier's last admin keeps the admin role")
  roles(@Param('id', IdPipe) id: number, @Body(zodPipe(staffRolesInput)) body: z.infer<typeof staffRolesInput>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<StaffChanged> {
    return this.staff.changeRoles(supplierScope(user), id, body.roles, commandContextFrom(req, user));
  }

  @PutRoute(':id/active', ['admin'], 'Deactivates (their tokens stop working at once) or reactivates a staff member; never the last admin, nor oneself')
  active(@Param('id', IdPipe) id: number, @Body(zodPipe(staffActiveInput)) body: z.infer<typeof staffActiveInput>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<StaffChanged> {
    return this.staff.setActive(supplierScope(user), id, body.active, user, commandContextFrom(req, user));
  }

  @PutRoute(':id/password', ['admin'], "Sets a staff member's password (the password rules apply; without one the server makes one and answers it once); never one's own (the account page asks for the current one)")
  password(@Param('id', IdPipe) id: number, @Body(zodPipe(staffPasswordInput)) body: z.infer<typeof staffPasswordInput>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<StaffChanged> {
    return this.staff.setPassword(supplierScope(user), id, body.password, user, commandContextFrom(req, user));
  }
}
