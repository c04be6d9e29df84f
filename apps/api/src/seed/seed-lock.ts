import type { INestApplicationContext } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@tbo/kernel';

/** The seeds' advisory lock class (the projection runner uses 7301; seed-identity takes the same class). */
const SEED_LOCK_CLASS = 7302;

/**
 * Runs one part of the seed while no other process seeds the same part (a session advisory
 * lock, which holds no transaction open, so projections keep moving).
 */
export async function withSeedLock<T>(app: INestApplicationContext, part: string, work: () => Promise<T>): Promise<T> {
  const lock = await app.get<Pool>(PG_POOL).connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1, hashtext($2))', [SEED_LOCK_CLASS, part]);
    return await work();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [SEED_LOCK_CLASS, part]).catch(() => undefined);
    lock.release();
  }
}
