import type { Pool } from 'pg';

/** The physical table of a projection's live generation (`<table>_g<n>`): what the clones are written into. */
export async function liveTable(pool: Pool, projection: string): Promise<string> {
  const gen = await pool.query<{ generation: number }>(`SELECT generation FROM projection_generations WHERE name = $1 AND status = 'live'`, [projection]);
  return `${projection}_g${gen.rows[0]!.generation}`;
}

/**
 * Fills a read table with `total` clones of its row `templateId`, in SQL (an INSERT ... SELECT over generate_series),
 * so a benchmark gets a million rows in seconds rather than through a million events. Each clone takes the
 * template's columns except those `own` gives as SQL over `g` (the clone's number from 0) and `$1` (`start`);
 * ids run from 10,000,000 + g. Generated columns are left to Postgres; the secondary indexes are dropped before and
 * rebuilt from their own definitions after, as a bulk load would. Only the clones stay, so counts are exact.
 */
export async function cloneRows(pool: Pool, table: string, templateId: number, total: number, start: string, own: Readonly<Record<string, string>>): Promise<void> {
  const columns = (await pool.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`, [table])).rows.map((r) => r.column_name);
  const indexes = (await pool.query<{ indexname: string; indexdef: string }>(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 AND indexname <> $1 || '_pkey'`, [table])).rows;
  for (const i of indexes) await pool.query(`DROP INDEX ${i.indexname}`);
  await pool.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${columns.map((c) => own[c] ?? `t.${c}`).join(', ')}
       FROM generate_series(0, $2::int - 1) g CROSS JOIN (SELECT * FROM ${table} WHERE id = $3) t`,
    [start, total, templateId],
  );
  await pool.query(`DELETE FROM ${table} WHERE id < 10000000`);
  for (const i of indexes) await pool.query(i.indexdef);
  await pool.query(`VACUUM ANALYZE ${table}`);
}
