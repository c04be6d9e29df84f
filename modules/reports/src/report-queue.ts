import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, DEFAULT_JOB_OPTIONS, jobId, QueueProducer, type AppConfig } from '@tbo/kernel';
import { REPORTS_QUEUE, type AsOfJob } from './report-jobs';

/** The API's hand on the reports queue: an as-of build asked for is queued once (the job id is the build's). */
@Injectable()
export class ReportQueue extends QueueProducer {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(REPORTS_QUEUE, config);
  }

  async queueBuild(buildId: number): Promise<void> {
    const job: AsOfJob = { buildId };
    // A replay that failed (the database went away) is worth one more try, not five.
    await this.open().add('asof', job, { ...DEFAULT_JOB_OPTIONS, attempts: 2, jobId: jobId('report-asof', buildId) });
  }

  /**
   * A build asked for again while it is still queued or running: its job is queued anew unless it waits or runs.
   * Without this a build whose job was never queued (Redis was away when it was asked for), or whose job ended
   * without the build hearing of it (its worker died on the last attempt), would stay unfinished for its whole day,
   * every page asking for it polling on.
   */
  async ensureQueued(buildId: number): Promise<void> {
    const job = await this.open().getJob(jobId('report-asof', buildId));
    if (!job) return this.queueBuild(buildId);
    if (await job.isFailed()) await job.retry('failed');
  }
}
