import type { Pool } from 'pg';

export const EVENTS_CHANNEL = 'tbo_events';

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

  constructor(
    private readonly pool: Pool,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** Sent as the payload, so that the sender's own listener can tell its echo (see PgListener). */
    private readonly payload = '',
  ) {}

  poke(): void {
    if (this.closed) return;
    if (this.inFlight) {
      this.pending = true;
      return;
    }
    this.inFlight = true;
    this.pending = false;
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
    while (this.inFlight) await new Promise((r) => setTimeout(r, 5));
  }
}
