export { createLogger, type LoggerOptions, type ProcessName } from './create-logger';
export { logSink, type LogSink } from './log-sink';
export { requestIdFor, requestLog, REQUEST_ID_HEADER } from './request-log';
