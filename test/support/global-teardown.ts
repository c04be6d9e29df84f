import { Client } from 'pg';
import { adminUrl } from './database-url';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.TBO_TEST_DATABASE;
  const base = process.env.TBO_TEST_BASE_URL;
  if (!name || !base || process.env.KEEP_TEST_DATABASE) return;
  const admin = new Client({ connectionString: adminUrl(base) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
