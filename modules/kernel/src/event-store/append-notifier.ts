import type { Pool } from 'pg';

export const EVENTS_CHANNEL = 'tbo_events';

/** NOTIFY's payload must stay under 8000 bytes; past this the types are left out and every runner wakes. */
const MAX_PAYLOAD = 7000;

/**
 * A notification's payload: the sending store's id (its own listener skips its echo), then, on a second line, the
 * types appended since its last notification, comma-separated. Another process's runners wake only for the types
 * they handle (WakeSignal), as this process's own do: without the types, every append woke every runner of every
 * other process, and the worker's two dozen projections each stepped for every few bookings.
 */
export function notifyPayload(sender: string, types: ReadonlySet<string> | null): string {
  if (!types) return sender;
  const payload = `${sender}\n${[...types].join(',')}`;
  return payload.length <= MAX_PAYLOAD ? payload : sender;
}

/** The sender and, when the payload names them, the types appended (none named: any type may have been). */
export function parseNotifyPayload(payload: string | undefined): { sender: string; types?: string[] } {
  const text = payload ?? '';
  const newline = text.indexOf('\n');
  if (newline < 0) return { sender: text };
  return { sender: text.slice(0, newline), types: text.slice(newline + 1).split(',').filter(Boolean) };
}

/**
 * Under a stream of appends, NOTIFYs start at least this far apart (the appends meanwhile folded into the next):
 * one per two bookings was a fifteenth of a booking's round trips, and the runners of other processes step no
 * more often than their busy gap then anyway. An append after a quiet moment is announced at once.
 */
const MIN_GAP_MS = 10;

/**
 * Wakes other processes after appends. NOTIFY inside the append transaction would take
 * Postgres's global notify lock at commit and serialise every writer's commit, defeating
 * group commit; so the append commits first and this sends at most one NOTIFY at a time per
 * process, folding the appends that happen meanwhile into the next one.
 */
export class AppendNotifier {
  private inFlight = false;
  private pending = false;
  private closed = false;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The types appended since the last NOTIFY went out; null once an append did not say its types. */
  private types: Set<string> | null = new Set();

  constructor(
    private readonly pool: Pool,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** Sent in the payload, so that the sender's own listener can tell its echo (see PgListener). */
    private readonly sender = '',
  ) {}

  /** After an append of these types (none given: of any type). */
  poke(types?: readonly string[]): void {
    if (this.closed) return;
    if (!types) this.types = null;
    else if (this.types) for (const t of types) this.types.add(t);
    this.send();
  }

  private send(): void {
    if (this.closed) return;
    if (this.inFlight || this.timer) {
      this.pending = true;
      return;
    }
    const wait = this.lastSentAt + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, wait);
      return;
    }
    this.inFlight = true;
    this.pending = false;
    this.lastSentAt = Date.now();
    const payload = notifyPayload(this.sender, this.types);
    this.types = new Set();
    this.pool
      .query({ name: 'tbo-append-notify', text: 'SELECT pg_notify($1, $2)', values: [EVENTS_CHANNEL, payload] })
      .catch(this.onError)
      .finally(() => {
        this.inFlight = false;
        if (this.pending) this.send();
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight) await new Promise((r) => setTimeout(r, 5));
  }
}
