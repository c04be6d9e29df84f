import { Redis, type RedisOptions } from 'ioredis';

export type QueueConnectionOptions = Omit<RedisOptions, 'maxRetriesPerRequest' | 'keyPrefix'>;

/**
 * An ioredis connection that BullMQ accepts for both `Worker`s and `Queue`s.
 *
 * - `maxRetriesPerRequest: null`: workers hold blocking commands for as long as the queue is
 *   empty; with ioredis's default (20 retries) a Redis restart would reject them and BullMQ
 *   refuses such a connection for workers outright.
 * - No `keyPrefix`: BullMQ's Lua scripts build keys themselves and break under an ioredis
 *   prefix; namespacing is BullMQ's own `prefix` option (QUEUE_PREFIX).
 *
 * BullMQ duplicates this connection for each worker's blocking reads and closes those copies
 * itself; the connection returned here belongs to the caller, who quits it after closing
 * every queue and worker that uses it.
 */
export function createQueueConnection(url: string, options: QueueConnectionOptions = {}): Redis {
  return new Redis(url, { ...options, maxRetriesPerRequest: null });
}
