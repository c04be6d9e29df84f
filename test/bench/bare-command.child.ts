/**
 * The least an HTTP command can be, for bench (a)'s ceiling: a plain node:http server (no framework, no sign-in,
 * no validation, no read models) that appends `n` single events through PostgresEventStore, each to a new stream
 * of the request's, one after another, and answers 200 with the last revision. Its rate bounds from above what any
 * HTTP command making the same appends can reach on this machine.
 * Says `PORT <n>` on stdout once it listens; ends on SIGTERM.
 */
import http from 'node:http';
import { Pool } from 'pg';
import { PostgresEventStore } from '@tbo/kernel';
import { BENCH_ITEM_RECORDED, benchItem, benchMetadata, benchRegistry } from './support';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const pool = new Pool({ connectionString: url, max: 20, application_name: 'tbo-bench-bare-command' });
  const store = new PostgresEventStore(pool, benchRegistry(), url, (err) => process.stderr.write(`${(err as Error).message}\n`));
  await Promise.all(Array.from({ length: 20 }, () => pool.query('SELECT 1')));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const { stream, appends, i } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { stream: string; appends: number; i: number };
          let revision = 0;
          for (let k = 0; k < appends; k++) {
            const r = await store.appendToStream(`${stream}-${k}`, [{ type: BENCH_ITEM_RECORDED, data: benchItem(i) }], { expectedRevision: 'no_stream', metadata: benchMetadata() });
            revision = r.nextExpectedRevision;
          }
          const body = JSON.stringify({ IsOk: true, Content: { revision } });
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
        } catch (err) {
          const body = JSON.stringify({ IsOk: false, ErrorMessage: (err as Error).message });
          res.writeHead(500, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
        }
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as { port: number }).port}\n`));
  process.once('SIGTERM', () => {
    server.close();
    void store.close().then(() => pool.end()).finally(() => process.exit(0));
  });
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
