import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Knex } from 'knex';
import { retryProjection, skipFailedEvent, type ProjectionStatus } from '@tbo/read-models';
import { ConflictError, CurrentUser, KNEX, NotFoundError, Roles, type AuthUser } from '@tbo/kernel';
import { ProjectionsService } from './projections.service';

@ApiTags('projections')
@Controller('api/projections')
@Roles('admin', 'superadmin')
export class ProjectionsController {
  constructor(
    private readonly projections: ProjectionsService,
    @Inject(KNEX) private readonly db: Knex,
  ) {}

  @Get()
  @ApiOperation({ summary: "Each projection's checkpoint, lag and state (a failure shows its position and error)" })
  list(): Promise<ProjectionStatus[]> {
    return this.projections.status();
  }

  @Post(':name/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Try the failing event again' })
  async retry(@Param('name') name: string): Promise<{ name: string }> {
    this.mustKnow(name);
    if (!(await retryProjection(this.db, name))) throw new ConflictError(`Projection ${name} is not stopped on a failure`);
    return { name };
  }

  @Post(':name/skip')
  @HttpCode(200)
  @ApiOperation({ summary: 'Skip the failing event for good (recorded with who skipped it)' })
  async skip(@Param('name') name: string, @CurrentUser() user: AuthUser): Promise<{ name: string }> {
    this.mustKnow(name);
    if (!(await skipFailedEvent(this.db, name, user.email))) throw new ConflictError(`Projection ${name} is not stopped on a failure`);
    return { name };
  }

  private mustKnow(name: string): void {
    if (!this.projections.known(name)) throw new NotFoundError(`No projection named ${name}`);
  }
}
