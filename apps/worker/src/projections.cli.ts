import { userInfo } from 'node:os';
import type { Knex } from 'knex';
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { createEventStore, createKnex, loadConfig, type EventStore } from '@tbo/kernel';
import {
  allProjections,
  projectionStatus,
  rebuildProjection,
  retryProjection,
  skipFailedEvent,
  type EventFeed,
  type Projection,
  type ProjectionStatus,
} from '@tbo/read-models';

/**
 * `npm run projections -- <command>`: what the projections are doing, and the admin's levers.
 *
 *   status [--json]          each projection's version, generation, state, checkpoint, head and lag
 *   rebuild <name>           blue/green: build the current version beside the live tables, then switch
 *   retry <name>             try the event a failed projection stopped on again (after a fix)
 *   skip <name> [--by who]   move a failed projection past its failing event for good (recorded)
 *   help                     this text
 *
 * Exit codes: 0 done, 1 refused or failed (e.g. retry of a projection that is not failed), 2 usage
 * (unknown command or projection).
 */

const USAGE = `Usage: npm run projections -- <command>

Commands:
  status [--json]            each projection's version, generation, state, checkpoint, head, lag, failure
  rebuild <name>             rebuild a projection blue/green (queries keep answering from the live tables)
  retry <name>               try the event a failed projection stopped on again
  skip <name> [--by <who>]   skip the event a failed projection stopped on (recorded with who skipped it)
  help                       this text

Projections: ${allProjections.map((p) => p.name).join(', ')}`;

/** Bad usage: the message goes to stderr with the usage, exit code 2. */
class UsageError extends Error {}

/** A refusal (nothing to retry, nothing to skip): exit code 1. */
class RefusedError extends Error {}

/** Counting pending events past this cap is not worth the reads: shown as "more than". */
const LAG_CAP = 10_000;

interface StatusWithLag extends ProjectionStatus {
  /** Events of the projection's types after its checkpoint, capped at LAG_CAP + 1 (null: not known). */
  lag: number | null;
  lagCapped: boolean;
}

interface Resources {
  db: Knex;
  store: EventStore;
  pool: Pool;
}

async function openResources(): Promise<Resources> {
  const config = loadConfig();
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 4, application_name: 'tbo-projections-cli' });
  // An idle client the server drops must not crash the command.
  pool.on('error', () => undefined);
  const db = createKnex(config.DATABASE_URL, { poolMax: 4, applicationName: 'tbo-projections-cli' });
  const store = createEventStore(config, pool, createEventRegistry());
  return { db, store, pool };
}

async function closeResources(r: Resources): Promise<void> {
  await r.store.close().catch(() => undefined);
  await r.db.destroy().catch(() => undefined);
  await r.pool.end().catch(() => undefined);
}

function findProjection(name: string | undefined): Projection {
  if (!name) throw new UsageError('Name the projection.');
  const p = allProjections.find((x) => x.name === name);
  if (!p) throw new UsageError(`Unknown projection '${name}'. Known: ${allProjections.map((x) => x.name).join(', ')}`);
  return p;
}

/** Value of `--flag value` or `--flag=value`. */
function flagValue(args: string[], flag: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === flag) {
      const v = args[i + 1];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return v;
    }
    if (a.startsWith(`${flag}=`)) return a.slice(flag.length + 1);
  }
  return undefined;
}

function positional(args: string[], valueFlags: string[] = []): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (valueFlags.includes(a)) {
      i++;
      continue;
    }
    if (a.startsWith('--')) continue;
    out.push(a);
  }
  return out;
}

async function lagOf(feed: EventFeed, p: Projection, s: ProjectionStatus): Promise<{ lag: number | null; lagCapped: boolean }> {
  if (s.state === 'missing') return { lag: null, lagCapped: false };
  const { events } = await feed.readAll(s.checkpoint, LAG_CAP + 1, { types: p.handles });
  return { lag: Math.min(events.length, LAG_CAP), lagCapped: events.length > LAG_CAP };
}

async function collectStatus(r: Resources): Promise<StatusWithLag[]> {
  const statuses = await projectionStatus(r.db, r.store, allProjections);
  const out: StatusWithLag[] = [];
  for (const s of statuses) {
    const p = allProjections.find((x) => x.name === s.name)!;
    out.push({ ...s, ...(await lagOf(r.store, p, s)) });
  }
  return out;
}

function formatLag(s: StatusWithLag): string {
  if (s.state === 'missing') return 'never run';
  const lag = s.lag === null ? 'unknown' : `${s.lagCapped ? `>${LAG_CAP}` : s.lag} events`;
  if (s.state === 'failed') return `STOPPED, lag ${lag}`;
  if (s.caughtUp) return 'caught up';
  // The head is further on, but no event of this projection's types waits: nothing to apply.
  if (s.lag === 0) return 'caught up (on its event types)';
  return `lag ${lag}`;
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function printStatus(statuses: StatusWithLag[]): void {
  const rows = statuses.map((s) => [
    s.name,
    s.liveVersion !== null && s.liveVersion !== s.version ? `${s.version} (live ${s.liveVersion})` : String(s.version),
    s.generation === null ? '-' : String(s.generation),
    s.state,
    s.checkpoint ?? '-',
    s.head ?? '-',
    formatLag(s),
    s.building ? `g${s.building.generation} at ${s.building.checkpoint ?? 'start'}` : '-',
  ]);
  console.log(table(['NAME', 'VERSION', 'GENERATION', 'STATE', 'CHECKPOINT', 'HEAD', 'CAUGHT UP / LAG', 'BUILDING'], rows));
  for (const s of statuses) {
    if (s.stale) console.log(`\n${s.name}: the code is version ${s.version}, the live tables version ${s.liveVersion}: run \`npm run projections -- rebuild ${s.name}\``);
    if (s.failure) {
      const firstLine = s.failure.error.split('\n')[0];
      console.log(
        `\n${s.name} FAILED at position ${s.failure.position}` +
          ` (event ${s.failure.eventType ?? '?'} ${s.failure.eventId ?? ''}) since ${s.failure.at}\n  error: ${firstLine}` +
          `\n  then: fix and \`npm run projections -- retry ${s.name}\`, or \`npm run projections -- skip ${s.name} --by <you>\``,
      );
    }
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (!['status', 'rebuild', 'retry', 'skip'].includes(command)) throw new UsageError(`Unknown command '${command}'.`);

  // Validate the arguments before touching the database.
  const names = positional(args, ['--by']);
  const projection = command === 'status' ? null : findProjection(names[0]);
  if (names.length > (command === 'status' ? 0 : 1)) throw new UsageError(`Unexpected argument '${names[command === 'status' ? 0 : 1]}'.`);
  const skippedBy = command === 'skip' ? (flagValue(args, '--by') ?? `cli:${safeUser()}`) : '';

  const r = await openResources();
  try {
    switch (command) {
      case 'status': {
        const statuses = await collectStatus(r);
        if (args.includes('--json')) console.log(JSON.stringify(statuses, null, 2));
        else printStatus(statuses);
        return 0;
      }
      case 'rebuild': {
        const p = projection!;
        const started = Date.now();
        console.log(`rebuilding ${p.name} (version ${p.version})`);
        const generation = await rebuildProjection(r.db, r.store, p, (message, meta) => {
          const m = meta ?? {};
          if (message === 'building') console.log(`building generation ${String(m.generation)} beside the live tables`);
          else if (message === 'applied') console.log(`applied ${String(m.events)} events`);
          else if (message === 'switched') console.log(`switched: generation ${String(m.generation)} is live`);
          else console.log(`${message} ${JSON.stringify(m)}`);
        });
        console.log(`rebuilt ${p.name}: generation ${generation} is live (${Date.now() - started} ms); older generations dropped`);
        return 0;
      }
      case 'retry': {
        const p = projection!;
        if (!(await retryProjection(r.db, p.name))) throw new RefusedError(`Projection ${p.name} is not stopped on a failure: nothing to retry.`);
        console.log(`${p.name}: cleared the failure; the runner tries the event again`);
        return 0;
      }
      case 'skip': {
        const p = projection!;
        const [before] = await projectionStatus(r.db, r.store, [p]);
        if (!(await skipFailedEvent(r.db, p.name, skippedBy))) throw new RefusedError(`Projection ${p.name} is not stopped on a failure: nothing to skip.`);
        const f = before?.failure;
        console.log(`${p.name}: skipped ${f ? `${f.eventType ?? 'event'} ${f.eventId ?? ''} at ${f.position}` : 'the failing event'} (recorded, by ${skippedBy})`);
        return 0;
      }
    }
    return 2;
  } finally {
    await closeResources(r);
  }
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof RefusedError) {
      console.error(err.message);
      process.exitCode = 1;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  },
);
