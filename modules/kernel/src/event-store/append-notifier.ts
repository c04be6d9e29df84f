import type { Pool } from 'pg';

export const EVENTS_CHANNEL = 'tbo_events';

/**
 * Wakes other processes after appends. NOTIFY inside the append transaction would take
 * Postgres's global notify lock at commit and serialise every writer's commit, defeating
 * group commit; so the append commits first and this sends at most one NOTIFY at a time per
 * process, folding the appends that happen meanwhile into the next one.
 */
/**
 * Under a stream of appends, NOTIFYs start at least this far apart (the appends meanwhile folded into the next):
 * one per two bookings was a fifteenth of a booking's round trips, and the runners of other processes step no
 * more often than their busy gap then anyway. An append after a quiet moment is announced at once.
 */
const MIN_GAP_MS = 10;

export class AppendNotifier {
  private inFlight = false;
  private pending = false;
  private closed = false;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** Sent as the payload, so that the sender's own listener can tell its echo (see PgListener). */
    private readonly payload = '',
  ) {}

  poke(): void {
    if (this.closed) return;
    if (this.inFlight || this.timer) {
      this.pending = true;
      return;
    }
    const wait = this.lastSentAt + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.poke();
      }, wait);
      return;
    }
    this.inFlight = true;
    this.pending = false;
    this.lastSentAt = Date.now();
    this.pool
      .query({ name: 'tbo-append-notify', text: 'SELECT pg_notify($1, $2)', values: [EVENTS_CHANNEL, this.payload] })
      .catch(this.onError)
      .finally(() => {
        this.inFlight = false;
        if (this.pending) this.poke();
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight) await new Promise((r) => setTimeout(r, 5));
  }
}
