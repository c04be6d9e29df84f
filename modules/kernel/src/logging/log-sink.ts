import type { Logger } from 'pino';

/** What the worker's parts (WorkerHost, the projection runners) log through: a message and its fields. */
export interface LogSink {
  log(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

/** A LogSink writing through `logger`, every line marked with `context`. */
export function logSink(logger: Logger, context: string): LogSink {
  const child = logger.child({ context });
  return {
    log: (message, meta) => child.info(meta ?? {}, message),
    warn: (message, meta) => child.warn(meta ?? {}, message),
    error: (message, meta) => child.error(meta ?? {}, message),
  };
}
