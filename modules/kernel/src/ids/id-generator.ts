import DataLoader from 'dataloader';
import type { Pool } from 'pg';

/**
 * Ids people see are numbers from Postgres sequences, taken when a command is handled (so a
 * failed command leaves a gap, which is fine: ids are unique, not dense). One sequence per
 * kind, created on first use.
 */
export class IdGenerator {
  private readonly ready = new Set<string>();
  /**
   * The ids of one kind asked for in the same turn of the event loop come from one round trip: concurrent
   * bookings each need one, and a query per id was a twentieth of a booking's. Nothing is taken ahead, so
   * a restart leaves no more gaps than before.
   */
  private readonly loaders = new Map<string, DataLoader<number, number>>();

  constructor(private readonly pool: Pool) {}

  async next(kind: string): Promise<number> {
    const seq = await this.sequence(kind);
    let loader = this.loaders.get(seq);
    if (!loader) {
      loader = new DataLoader<number, number>((asks) => this.take(seq, asks.length), { cache: false, batchScheduleFn: (run) => setImmediate(run) });
      this.loaders.set(seq, loader);
    }
    return loader.load(0);
  }

  private async take(seq: string, count: number): Promise<number[]> {
    if (count === 1) return [Number((await this.pool.query<{ id: string }>(`SELECT nextval('${seq}') AS id`)).rows[0]!.id)];
    const res = await this.pool.query<{ id: string }>(`SELECT nextval('${seq}') AS id FROM generate_series(1, $1)`, [count]);
    return res.rows.map((r) => Number(r.id));
  }

  private async sequence(kind: string): Promise<string> {
    const seq = IdGenerator.sequenceName(kind);
    if (!this.ready.has(seq)) {
      await this.pool.query(`CREATE SEQUENCE IF NOT EXISTS ${seq}`).catch((err: { code?: string }) => {
        // Two processes creating it at once: the loser sees a unique violation on pg_type.
        if (err.code !== '23505' && err.code !== '42P07') throw err;
      });
      this.ready.add(seq);
    }
    return seq;
  }

  /** `count` new ids in one round trip (an import's thousands of rows), ascending. */
  async nextMany(kind: string, count: number): Promise<number[]> {
    if (count <= 0) return [];
    const seq = await this.sequence(kind);
    const res = await this.pool.query<{ id: string }>(`SELECT nextval('${seq}') AS id FROM generate_series(1, $1)`, [count]);
    return res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  /** Moves a sequence past ids given explicitly (seed data with fixed ids). */
  async atLeast(kind: string, value: number): Promise<void> {
    const seq = await this.sequence(kind);
    await this.pool.query(`SELECT setval('${seq}', GREATEST((SELECT last_value FROM ${seq}), $1))`, [value]);
  }

  static sequenceName(kind: string): string {
    if (!/^[a-z][a-z0-9_]{0,40}$/.test(kind)) throw new Error(`Invalid id kind '${kind}'`);
    return `id_${kind}_seq`;
  }
}
