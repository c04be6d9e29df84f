import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Knex } from 'knex';
import {
  allProjections,
  listParkedEvents,
  processManagerProjectionName,
  ProjectionHost,
  projectionStatus,
  retryParked,
  runnerStatus,
  skipParked,
  type ParkedEventView,
  type Projection,
  type ProjectionStatus,
  type RetryParkedResult,
  type RunnerStatus,
  type SkipParkedResult,
} from '@tbo/read-models';
import { APP_CONFIG, EVENT_STORE, KNEX, type AppConfig, type EventStore } from '@tbo/kernel';
import { listedProcessManagers } from './process-managers';

export type NamedParkedEvent = ParkedEventView & { supplierName: string | null };

/** Projection status for the platform admins and /health, their levers; runs the projections in this process when API_RUNS_PROJECTIONS=1. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private host: ProjectionHost | null = null;

  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.API_RUNS_PROJECTIONS !== '1') return;
    const log = new Logger('Projections');
    this.host = new ProjectionHost(this.db, this.store, allProjections, {
      log: (m, meta) => log.log({ msg: m, ...meta }),
      warn: (m, meta) => log.warn({ msg: m, ...meta }),
      error: (m, meta) => log.error({ msg: m, ...meta }),
    });
    await this.host.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.host?.stop();
  }

  /** The projections (what /health judges: the API may run them, never the process managers). */
  status(): Promise<ProjectionStatus[]> {
    return projectionStatus(this.db, this.store, allProjections);
  }

  /** The projections and the process managers, each with its lag. */
  runners(): Promise<RunnerStatus[]> {
    return runnerStatus(this.db, this.store, allProjections, listedProcessManagers);
  }

  /** The parked events, each with its supplier's name (the platform admin knows suppliers by name, not by id). */
  async parked(name: string): Promise<NamedParkedEvent[]> {
    const events = await listParkedEvents(this.db, name);
    const ids = [...new Set(events.map((e) => e.supplierId).filter((id): id is number => id !== null))];
    const names = new Map<number, string>();
    if (ids.length) {
      for (const row of await this.db('suppliers').whereIn('id', ids).select<{ id: number; name: string }[]>('id', 'name')) names.set(row.id, row.name);
    }
    return events.map((e) => ({ ...e, supplierName: e.supplierId === null ? null : (names.get(e.supplierId) ?? null) }));
  }

  retry(name: string, eventId?: string): Promise<RetryParkedResult> {
    return retryParked(this.db, this.store, this.find(name), { eventId });
  }

  skip(name: string, skippedBy: string, eventId?: string): Promise<SkipParkedResult> {
    return skipParked(this.db, this.store, this.find(name), skippedBy, { eventId });
  }

  known(name: string): boolean {
    return allProjections.some((p) => p.name === name);
  }

  /** A projection, or a process manager's runner (whose parked events can be listed, not moved: its queues are the worker's). */
  listed(name: string): boolean {
    return this.known(name) || listedProcessManagers.some((m) => processManagerProjectionName(m.name) === name);
  }

  private find(name: string): Projection {
    return allProjections.find((p) => p.name === name)!;
  }
}
