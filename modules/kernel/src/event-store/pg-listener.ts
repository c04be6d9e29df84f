import { Client } from 'pg';
import { parseNotifyPayload } from './append-notifier';

/**
 * A LISTEN connection that comes back after the server drops it. Listeners are told on every
 * notification, with its payload, and after each reconnect without one (events may have arrived
 * while it was away).
 */
export class PgListener {
  private client: Client | null = null;
  private readonly listeners = new Set<(payload?: string) => void>();
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** Notifications this sender sent (parseNotifyPayload) are not passed on: it told its listeners itself. */
    private readonly ownSender: string | null = null,
  ) {}

  add(listener: (payload?: string) => void): () => void {
    this.listeners.add(listener);
    if (!this.client && !this.retryTimer) void this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.disconnect();
    };
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.listeners.clear();
    await this.disconnect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url, application_name: 'tbo-listen' });
    this.client = client;
    client.on('notification', (msg) => {
      if (this.ownSender === null || parseNotifyPayload(msg.payload).sender !== this.ownSender) this.fire(msg.payload);
    });
    client.on('error', (err) => {
      this.onError(err);
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.fire();
    } catch (err) {
      this.onError(err);
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped || this.listeners.size === 0 || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, 500);
  }

  private async disconnect(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }

  private fire(payload?: string): void {
    for (const l of this.listeners) l(payload);
  }
}
