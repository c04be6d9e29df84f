import type { Knex } from 'knex';
import { processManagerProjectionName, type ProcessManager } from '../process-managers/process-manager';
import type { EventFeed, Projection } from './projection';
import { projectionStatus, type ProjectionStatus } from './projection-admin';

/** Counting pending events past this cap is not worth the reads: shown as "more than". */
export const LAG_CAP = 10_000;

/** A runner as the status lists it: a projection (read tables) or a process manager (`pm_<name>`, queues jobs). */
export interface RunnerStatus extends ProjectionStatus {
  kind: 'projection' | 'process-manager';
  /** Events of the runner's types after its checkpoint, capped at LAG_CAP (null: never run). */
  lag: number | null;
  lagCapped: boolean;
}

/**
 * A process manager as the status sees it: its runner's name, version and event types. Status only
 * reads the runner's bookkeeping, so no queue is needed; applying through it is refused.
 */
export function processManagerRunner(manager: ProcessManager): Projection {
  const name = processManagerProjectionName(manager.name);
  return {
    name,
    version: manager.version,
    handles: manager.handles,
    tables: {},
    apply() {
      return Promise.reject(new Error(`${name} queues jobs: only the worker applies its events`));
    },
  };
}

async function lagOf(feed: EventFeed, p: Projection, s: ProjectionStatus): Promise<Pick<RunnerStatus, 'lag' | 'lagCapped'>> {
  if (s.state === 'missing') return { lag: null, lagCapped: false };
  const { events } = await feed.readAll(s.checkpoint, LAG_CAP + 1, { types: p.handles });
  return { lag: Math.min(events.length, LAG_CAP), lagCapped: events.length > LAG_CAP };
}

/** Every runner's status with its lag: the projections, then the process managers. */
export async function runnerStatus(db: Knex, feed: EventFeed, projections: readonly Projection[], managers: readonly ProcessManager[]): Promise<RunnerStatus[]> {
  const runners = [...projections.map((p) => ({ p, kind: 'projection' as const })), ...managers.map((m) => ({ p: processManagerRunner(m), kind: 'process-manager' as const }))];
  const statuses = await projectionStatus(
    db,
    feed,
    runners.map((r) => r.p),
  );
  return Promise.all(statuses.map(async (s, i) => ({ ...s, kind: runners[i]!.kind, ...(await lagOf(feed, runners[i]!.p, s)) })));
}
