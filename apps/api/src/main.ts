import { loadConfig } from '@tbo/kernel';
import { createApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp();
  await app.listen(config.PORT);
  console.log(JSON.stringify({ level: 'log', msg: `api listening on http://localhost:${config.PORT}` }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
