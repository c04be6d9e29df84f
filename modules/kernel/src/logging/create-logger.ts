import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

export type ProcessName = 'api' | 'worker';

/** LOG_LEVEL keeps Nest's names (what operators already set); pino calls two of them differently. */
const PINO_LEVELS: Record<AppConfig['LOG_LEVEL'], Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/**
 * Whatever a line carries, these never reach the log: a bearer token or a session cookie in a log file is a
 * login for whoever reads it. Request lines leave headers out anyway; this covers an object logged by hand.
 */
const SECRET_PATHS = [
  'authorization',
  'cookie',
  '*.authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
];

export interface LoggerOptions {
  process: ProcessName;
  /** `silent` writes nothing (tests that do not want logs). */
  level: AppConfig['LOG_LEVEL'] | 'silent';
  /** stdout unless given (tests read their own). */
  destination?: DestinationStream;
}

/**
 * The one logger factory of the API and the worker, so both write the same line:
 * `{"level":"info","time":"…","process":"api","context":"…","msg":"…", …}`.
 */
export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    level: options.level === 'silent' ? 'silent' : PINO_LEVELS[options.level],
    // process instead of pino's pid and hostname: the container already says where a line came from.
    base: { process: options.process },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Labels, not pino's numbers: a person reading a line, and a shipper filtering on it, both want "error".
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
