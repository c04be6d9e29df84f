import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, DEFAULT_JOB_OPTIONS, QueueProducer, type AppConfig } from '@tbo/kernel';
import { DOCUMENTS_QUEUE, documentJobId, type DocumentJob } from '../document-jobs';

/** How long a download waits for Redis before it goes on waiting for the document anyway. */
const QUEUE_TIMEOUT_MS = 2_000;

/**
 * The API's hand on the documents queue: a download of a document not made yet puts its job at the front.
 * BullMQ takes waiting jobs in order, so a job already waiting behind others is taken out and added again
 * at the head (lifo) under the same id; one the worker has started, or that waits for a retry, is left alone.
 */
@Injectable()
export class DocumentQueue extends QueueProducer {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(DOCUMENTS_QUEUE, config);
  }

  async hurry(job: DocumentJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUEUE_TIMEOUT_MS)));
    const work = this.frontOfQueue(job).catch(() => undefined);
    await Promise.race([work, timeout]);
    clearTimeout(timer);
  }

  private async frontOfQueue(job: DocumentJob): Promise<void> {
    const queue = this.open();
    const id = documentJobId(job);
    const existing = await queue.getJob(id);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') return void (await existing.retry());
      if (state !== 'waiting' && state !== 'prioritized') return;
      // Taken meanwhile by a worker: its lock refuses the removal, and it is being made anyway.
      if (!(await existing.remove().then(() => true, () => false))) return;
    }
    await queue.add(`${job.kind}-${job.language}`, job, { ...DEFAULT_JOB_OPTIONS, jobId: id, lifo: true });
  }
}
