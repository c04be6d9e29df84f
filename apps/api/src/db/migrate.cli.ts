import { loadConfig, migrateLatest } from '@tbo/kernel';
import { appMigrations } from './app-migrations';

/** `npm run migrate`: brings the database schema to the newest version. */
async function main(): Promise<void> {
  const config = loadConfig();
  const applied = await migrateLatest(config.DATABASE_URL, appMigrations);
  console.log(applied.length ? `migrated: ${applied.join(', ')}` : 'database schema is up to date');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
