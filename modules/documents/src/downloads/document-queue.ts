import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, QueueProducer, type AppConfig } from '@tbo/kernel';
import { DOCUMENTS_QUEUE, type DocumentJob } from '../document-jobs';
import { requeueDocument } from '../document-requeue';

/** How long a download waits for Redis before it goes on waiting for the document anyway. */
const QUEUE_TIMEOUT_MS = 2_000;

/**
 * The API's hand on the documents queue: a download of a document not made yet (or whose file is gone) puts its
 * job at the front (requeueDocument: a failed or completed job runs again, a waiting one moves to the head, one
 * the worker has started or that waits for a retry is left alone).
 */
@Injectable()
export class DocumentQueue extends QueueProducer {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(DOCUMENTS_QUEUE, config);
  }

  async hurry(job: DocumentJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUEUE_TIMEOUT_MS)));
    const work = requeueDocument(this.open(), job, { front: true }).catch(() => undefined);
    await Promise.race([work, timeout]);
    clearTimeout(timer);
  }
}
