import type { Pool } from 'pg';

/**
 * Ids people see are numbers from Postgres sequences, taken when a command is handled (so a
 * failed command leaves a gap, which is fine: ids are unique, not dense). One sequence per
 * kind, created on first use.
 */
export class IdGenerator {
  private readonly ready = new Set<string>();

  constructor(private readonly pool: Pool) {}

  async next(kind: string): Promise<number> {
    const seq = IdGenerator.sequenceName(kind);
    if (!this.ready.has(seq)) {
      await this.pool.query(`CREATE SEQUENCE IF NOT EXISTS ${seq}`).catch((err: { code?: string }) => {
        // Two processes creating it at once: the loser sees a unique violation on pg_type.
        if (err.code !== '23505' && err.code !== '42P07') throw err;
      });
      this.ready.add(seq);
    }
    const res = await this.pool.query<{ id: number }>(`SELECT nextval('${seq}') AS id`);
    return Number(res.rows[0]!.id);
  }

  /** `count` new ids in one round trip (an import's thousands of rows), ascending. */
  async nextMany(kind: string, count: number): Promise<number[]> {
    if (count <= 0) return [];
    await this.next(kind).then(() => undefined);
    const seq = IdGenerator.sequenceName(kind);
    const res = await this.pool.query<{ id: string }>(`SELECT nextval('${seq}') AS id FROM generate_series(1, $1)`, [count]);
    return res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  /** Moves a sequence past ids given explicitly (seed data with fixed ids). */
  async atLeast(kind: string, value: number): Promise<void> {
    await this.next(kind);
    const seq = IdGenerator.sequenceName(kind);
    await this.pool.query(`SELECT setval('${seq}', GREATEST((SELECT last_value FROM ${seq}), $1))`, [value]);
  }

  static sequenceName(kind: string): string {
    if (!/^[a-z][a-z0-9_]{0,40}$/.test(kind)) throw new Error(`Invalid id kind '${kind}'`);
    return `id_${kind}_seq`;
  }
}
