import type { RunnerLogger } from '@tbo/read-models';
import type { JobLogger } from '@tbo/kernel';

const line = (level: 'log' | 'warn' | 'error', msg: string, meta?: Record<string, unknown>) =>
  console[level](JSON.stringify({ level, time: new Date().toISOString(), msg, ...meta }));

/** The worker's log sink: one JSON object per line, like the API's logs. */
export const jsonLogger: RunnerLogger = {
  log: (msg, meta) => line('log', msg, meta),
  warn: (msg, meta) => line('warn', msg, meta),
  error: (msg, meta) => line('error', msg, meta),
};

/** The job host already writes whole JSON lines. */
export const jobLineLogger: JobLogger = {
  log: (l) => console.log(l),
  warn: (l) => console.warn(l),
  error: (l) => console.error(l),
};
