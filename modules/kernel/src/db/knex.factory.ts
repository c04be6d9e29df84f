import knex, { type Knex } from 'knex';
import { types } from 'pg';

// bigint (int8) columns come back as strings by default; our ids and positions fit in a
// double long before they could overflow, and numbers are what the API promises.
types.setTypeParser(20, (v) => Number(v));
// numeric stays a string: prices keep their exact 4 decimals until the price model reads them.

export function createKnex(url: string, opts: { poolMax?: number; applicationName?: string } = {}): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: url, application_name: opts.applicationName ?? 'tbo' },
    pool: { min: 0, max: opts.poolMax ?? 10 },
  });
}
