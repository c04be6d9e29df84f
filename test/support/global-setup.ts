import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateLatest } from '@tbo/kernel';
import { appMigrations } from '../../apps/api/src/db/app-migrations';
import { adminUrl, withDatabase } from './database-url';

/** Each test run gets a database of its own, so runs never see each other's data. */
export default async function globalSetup(): Promise<void> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `tbo_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl(base) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(base, name);
  await migrateLatest(url, appMigrations);
  process.env.DATABASE_URL = url;
  process.env.TBO_TEST_DATABASE = name;
  process.env.TBO_TEST_BASE_URL = base;
  // The browser tests load the built client from the API, so build it once per run: the production build users get
  // (`npm run build:web`), not the development one jest's NODE_ENV=test would make, whose React checks slow every screen.
  if (process.env.SKIP_WEB_BUILD !== '1') {
    const root = join(__dirname, '..', '..');
    const outDir = process.env.WEB_DIST_DIR ? ['--outDir', process.env.WEB_DIST_DIR] : [];
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'error', ...outDir], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  // Each run also gets its own Redis key prefix and storage folder.
  process.env.QUEUE_PREFIX = `tbo-test-${name}`;
  // And its own signing key, shared by the API under test and the tests' own tokens (workers inherit it).
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
}
