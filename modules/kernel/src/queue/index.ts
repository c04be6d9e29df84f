export { createQueueConnection, type QueueConnectionOptions } from './queue-connection';
export { QueueProducer } from './queue-producer';
export { DEFAULT_JOB_OPTIONS, withJobDefaults, jobId } from './job-defaults';
export { WorkerHost, type JobLogger, type JobProcessor, type WorkerHostOptions } from './worker-host';
// Re-exported so processors throw the very class the workers check for.
export { UnrecoverableError, type Job, type JobsOptions } from 'bullmq';
