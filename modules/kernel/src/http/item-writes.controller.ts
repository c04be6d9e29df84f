import { Body, Delete, HttpCode, Injectable, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { IdPipe } from '../validation/id.pipe';
import { CurrentUser, Roles } from './auth/auth.decorators';
import type { AuthUser, Role } from './auth/roles';
import { supplierScope } from './auth/tenant-scope';
import { commandContextFrom } from './command-context.http';
import type { CommandContext } from '../decider/command-context';
import { CommandQueryController } from './command-query.controller';
import { zodPipe } from './zod-validation.pipe';

/** How a controller's items are written: their path, the body a save takes, who may write, and each route's summary. */
export interface ItemWriteRoutes<S extends z.ZodType> {
  /** The items' path below the controller's; none: the controller's own. */
  path?: string;
  input: S;
  /** The command that marks an item deleted (restore: false) or brings it back, for a supplier; none: the controller overrides setDeleted. */
  deleteCommand?: new (supplierId: number, id: number, restore: boolean, context: CommandContext) => object;
  roles: Role[];
  summaries: { create: string; update: string; remove: string; restore: string };
}

/**
 * The four routes every editable item of a supplier has (spec 01, 02): POST creates (id 0; answered 200, not 201),
 * PUT saves an existing one against its version, DELETE marks it deleted and POST …/:id/restore brings it back.
 * A controller extends `ItemWritesController(routes)` and says how to save (and, when its answer needs more than
 * the delete command's, how to delete); the routes, their roles and their input checks are declared once, here.
 */
export function ItemWritesController<S extends z.ZodType, A>(routes: ItemWriteRoutes<S>) {
  const below = (path: string) => [routes.path, path].filter(Boolean).join('/');

  @Injectable()
  abstract class ItemWrites extends CommandQueryController {
    protected abstract save(body: z.output<S>, user: AuthUser, req: Request): Promise<A>;

    /** Marks the caller's supplier's item deleted, or brings it back, with the routes' delete command. */
    protected setDeleted(id: number, restore: boolean, user: AuthUser, req: Request): Promise<A> {
      if (!routes.deleteCommand) throw new Error(`${this.constructor.name} names no deleteCommand: it must override setDeleted`);
      return this.commands.execute(new routes.deleteCommand(supplierScope(user), id, restore, commandContextFrom(req, user)));
    }

    @Post(below(''))
    @HttpCode(200)
    @Roles(...routes.roles)
    @ApiOperation({ summary: routes.summaries.create })
    create(@Body(zodPipe(routes.input)) body: z.output<S>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<A> {
      return this.save(body, user, req);
    }

    @Put(below(''))
    @Roles(...routes.roles)
    @ApiOperation({ summary: routes.summaries.update })
    update(@Body(zodPipe(routes.input)) body: z.output<S>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<A> {
      return this.save(body, user, req);
    }

    @Delete(below(':id'))
    @Roles(...routes.roles)
    @ApiOperation({ summary: routes.summaries.remove })
    remove(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<A> {
      return this.setDeleted(id, false, user, req);
    }

    @Post(below(':id/restore'))
    @HttpCode(200)
    @Roles(...routes.roles)
    @ApiOperation({ summary: routes.summaries.restore })
    restore(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<A> {
      return this.setDeleted(id, true, user, req);
    }
  }
  return ItemWrites;
}
