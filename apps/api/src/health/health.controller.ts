import { Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ProjectionStatus } from '@tbo/read-models';
import { ApiController, GetRoute, QueryController } from '@tbo/kernel';
import { RedisProvider } from './redis.provider';
import { ProjectionsService } from '../projections/projections.service';

interface Check {
  healthy: boolean;
  /** Working, but not fully: e.g. a projection with parked events (some items of one supplier are stale). */
  degraded?: boolean;
  error?: string;
  [key: string]: unknown;
}

/**
 * What /health says about one projection. /health is public (load balancers, uptime checks): it counts the parked
 * events and says where the oldest is, but their streams (a supplier's item) and errors are for platform admins,
 * in GET /api/projections and `npm run projections -- status`.
 */
function projectionHealth(p: ProjectionStatus) {
  const oldest = p.parked.oldest;
  return {
    name: p.name,
    state: p.state,
    caughtUp: p.caughtUp,
    checkpoint: p.checkpoint,
    head: p.head,
    parked: { count: p.parked.count, streams: p.parked.streams, oldest: oldest && { position: oldest.position, parkedAt: oldest.parkedAt } },
  };
}

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

const logger = new Logger('Health');

/** A part's check; a failure is logged whole and answered without the driver's words (addresses, hosts, SQL). */
async function check(part: string, run: () => Promise<Record<string, unknown> | void>): Promise<Check> {
  try {
    return { healthy: true, ...((await within(3000, run())) ?? {}) };
  } catch (err) {
    const message = (err as Error).message;
    logger.warn(`${part} is unhealthy: ${message}`);
    // Ours (a timeout, the projections not running) are kept; the drivers' are not.
    return { healthy: false, error: /^(no answer within|not running:)/.test(message) ? message : 'not reachable' };
  }
}

/**
 * Postgres, Redis, the event store and each projection's lag; 503 when any part is unhealthy.
 * Parked events (a projection could not apply some supplier's event and went on without it) make
 * the answer 200 with `degraded: true` and the detail, not 503: the API still serves everybody,
 * and one supplier's broken item must not take every instance out of the load balancer.
 */
@ApiController('health', 'health')
export class HealthController extends QueryController {
  constructor(
    private readonly redis: RedisProvider,
    private readonly projections: ProjectionsService,
  ) {
    super();
  }

  @GetRoute('', 'public', 'Health of every part the product needs')
  async health(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis, eventStore, projections] = await Promise.all([
      check('postgres', async () => void (await this.db.raw('SELECT 1'))),
      check('redis', () => this.redis.ping()),
      check('eventStore', async () => ({ kind: this.store.kind, head: await (await this.store.ping(), this.store.headPosition()) })),
      check('projections', async () => {
        const list = await this.projections.status();
        const missing = list.filter((p) => p.state !== 'running').map((p) => p.name);
        if (missing.length) throw new Error(`not running: ${missing.join(', ')}`);
        const parked = list.filter((p) => p.parked.count > 0);
        return {
          degraded: parked.length > 0,
          ...(parked.length
            ? {
                note: `parked events (the items of their streams are stale until a platform admin retries or skips them): ${parked
                  .map((p) => `${p.name} ${p.parked.count} in ${p.parked.streams} stream${p.parked.streams === 1 ? '' : 's'}`)
                  .join(', ')}`,
              }
            : {}),
          list: list.map(projectionHealth),
        };
      }),
    ]);
    const parts = { postgres, redis, eventStore, projections };
    const healthy = Object.values(parts).every((p) => p.healthy);
    const degraded = Object.values(parts).some((p: Check) => p.degraded === true);
    res.status(healthy ? 200 : 503);
    return { healthy, degraded, ...parts };
  }
}
