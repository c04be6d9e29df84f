import type { DestinationStream } from 'pino';

/** One parsed log line. */
export type LogLine = Record<string, unknown> & { msg?: string };

/** A pino destination a test reads back: `lines` are the JSON lines written so far, parsed; `text` the raw output. */
export function logCapture(): DestinationStream & { lines: LogLine[]; text: () => string; clear: () => void } {
  let raw: string[] = [];
  return {
    write: (chunk: string) => void raw.push(chunk),
    get lines() {
      return raw.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogLine);
    },
    text: () => raw.join(''),
    clear: () => void (raw = []),
  };
}
