import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Knex } from 'knex';
import { allProjections, ProjectionHost, projectionStatus, type ProjectionStatus } from '@tbo/read-models';
import { APP_CONFIG, EVENT_STORE, KNEX, type AppConfig, type EventStore } from '@tbo/kernel';

/** Projection status for admins and /health; runs the projections in this process when API_RUNS_PROJECTIONS=1. */
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

  status(): Promise<ProjectionStatus[]> {
    return projectionStatus(this.db, this.store, allProjections);
  }

  known(name: string): boolean {
    return allProjections.some((p) => p.name === name);
  }
}
