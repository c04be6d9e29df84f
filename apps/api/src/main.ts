import { Logger } from '@nestjs/common';
import { loadConfig } from '@tbo/kernel';
import { createApp } from './create-app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp();
  await app.listen(config.PORT, config.HOST);
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  new Logger('Api').log(`api listening on http://${shown}:${config.PORT}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
