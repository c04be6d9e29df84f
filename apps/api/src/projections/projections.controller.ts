import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { z } from 'zod';
import type { ParkedEventView, ParkedStreamOutcome, RunnerStatus } from '@tbo/read-models';
import { ApiController, ConflictError, CurrentUser, NotFoundError, Roles, zodPipe, type AuthUser } from '@tbo/kernel';
import { ProjectionsService, type NamedParkedEvent } from './projections.service';

/** Which parked event: with none, the oldest. */
const parkedEventBody = z.object({ eventId: z.guid('eventId must be the id of a parked event').optional() }).strict();
type ParkedEventBody = z.infer<typeof parkedEventBody>;

/**
 * Projections are shared by every supplier: what they show (other suppliers' streams and errors)
 * and the levers (retry, skip) are the platform's, so superadmins only.
 */
@ApiController('projections', 'api/projections')
@Roles('superadmin')
export class ProjectionsController {
  constructor(private readonly projections: ProjectionsService) {}

  @Get()
  @ApiOperation({
    summary: "Each projection's and process manager's (kind, pm_<name>) checkpoint, lag and parked events (count, and the oldest's position, type, stream and error)",
  })
  list(): Promise<RunnerStatus[]> {
    return this.projections.runners();
  }

  @Get(':name/parked')
  @ApiOperation({ summary: 'The parked events of a projection, oldest first (the first of each stream failed; the rest are held behind it)' })
  parked(@Param('name') name: string): Promise<NamedParkedEvent[]> {
    if (!this.projections.listed(name)) throw new NotFoundError(`No projection named ${name}`);
    return this.projections.parked(name);
  }

  @Post(':name/retry')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Apply a stream's parked events again, in order (body {eventId?}: that event's stream; none: the oldest's). 409 when the first still fails; the rest stay parked",
  })
  async retry(@Param('name') name: string, @Body(zodPipe(parkedEventBody)) body: ParkedEventBody): Promise<ParkedStreamOutcome & { name: string }> {
    this.mustKnow(name);
    const result = await this.projections.retry(name, body.eventId);
    if (result.outcome === 'nothing-parked') throw new ConflictError(`Projection ${name} has no parked events`);
    if (result.outcome === 'not-parked') throw new NotFoundError(`Projection ${name} has no parked event ${body.eventId}`);
    const { outcome: _outcome, ...done } = result;
    if (done.applied === 0 && done.failing) throw new ConflictError(`Still fails, nothing applied: ${describe(done.failing)}`);
    return { name, ...done };
  }

  @Post(':name/skip')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Drop the first parked event of a stream for good (recorded with who did it), then apply the events held behind it (body {eventId?}: that event, the first of its stream; none: the oldest)",
  })
  async skip(
    @Param('name') name: string,
    @Body(zodPipe(parkedEventBody)) body: ParkedEventBody,
    @CurrentUser() user: AuthUser,
  ): Promise<ParkedStreamOutcome & { name: string; skipped: ParkedEventView }> {
    this.mustKnow(name);
    const result = await this.projections.skip(name, user.email, body.eventId);
    if (result.outcome === 'nothing-parked') throw new ConflictError(`Projection ${name} has no parked events`);
    if (result.outcome === 'not-parked') throw new NotFoundError(`Projection ${name} has no parked event ${body.eventId}`);
    if (result.outcome === 'held') {
      throw new ConflictError(`Event ${body.eventId} is held behind an earlier parked event of its stream; retry or skip that one first: ${describe(result.first)}`);
    }
    const { outcome: _outcome, ...done } = result;
    return { name, ...done };
  }

  private mustKnow(name: string): void {
    if (!this.projections.known(name)) throw new NotFoundError(`No projection named ${name}`);
  }
}

function describe(e: ParkedEventView): string {
  return `${e.eventType} ${e.eventId} at ${e.position} (stream ${e.streamId}): ${(e.error ?? '').split('\n')[0]}`;
}
