import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { EVENT_STORE, KNEX, Public, type EventStore } from '@tbo/kernel';
import { RedisProvider } from './redis.provider';
import { ProjectionsService } from '../projections/projections.service';

interface Check {
  healthy: boolean;
  error?: string;
  [key: string]: unknown;
}

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

async function check(run: () => Promise<Record<string, unknown> | void>): Promise<Check> {
  try {
    return { healthy: true, ...((await within(3000, run())) ?? {}) };
  } catch (err) {
    return { healthy: false, error: (err as Error).message };
  }
}

/** Postgres, Redis, the event store and each projection's lag; 503 when any part is unhealthy. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly redis: RedisProvider,
    private readonly projections: ProjectionsService,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Health of every part the product needs' })
  async health(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis, eventStore, projections] = await Promise.all([
      check(async () => void (await this.db.raw('SELECT 1'))),
      check(() => this.redis.ping()),
      check(async () => ({ kind: this.store.kind, head: await (await this.store.ping(), this.store.headPosition()) })),
      check(async () => {
        const list = await this.projections.status();
        const failed = list.filter((p) => p.state !== 'running').map((p) => p.name);
        if (failed.length) throw new Error(`stopped: ${failed.join(', ')}`);
        return { list: list.map((p) => ({ name: p.name, state: p.state, caughtUp: p.caughtUp, checkpoint: p.checkpoint, head: p.head })) };
      }),
    ]);
    const parts = { postgres, redis, eventStore, projections };
    const healthy = Object.values(parts).every((p) => p.healthy);
    res.status(healthy ? 200 : 503);
    return { healthy, ...parts };
  }
}
