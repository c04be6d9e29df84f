import { userInfo } from 'node:os';
import type { Knex } from 'knex';
import { Pool } from 'pg';
import { createEventRegistry } from '@tbo/event-schemas';
import { createEventStore, createKnex, loadConfig, type EventStore } from '@tbo/kernel';
import {
  allProjections,
  LAG_CAP,
  listParkedEvents,
  processManagerRunner,
  rebuildProjection,
  retryAllParked,
  retryParked,
  runnerStatus,
  skipParked,
  type ParkedEventView,
  type ParkedStreamOutcome,
  type Projection,
  type RunnerStatus,
} from '@tbo/read-models';
import { allProcessManagers } from './process-managers';
import { replayUntil } from './projections-replay';

/**
 * `npm run projections -- <command>`: what the projections are doing, and the admin's levers.
 *
 *   status [--json]                     each projection's and process manager's version, generation, checkpoint, head, lag and parked events
 *   parked <name> [--json]              the parked events of a projection or process manager, oldest first
 *   rebuild <name>                      blue/green: build the current version beside the live tables, then switch
 *   replay <name> --until <time>        the projection as of a moment, into tables of its own (projections-replay.ts)
 *   retry <name> [<event id>] [--all]   apply a stream's parked events again, in order (after a fix)
 *   skip <name> [<event id>] [--by who] drop the first parked event of a stream for good (recorded), apply the rest
 *   help                                this text
 *
 * Exit codes: 0 done, 1 refused or failed (e.g. nothing parked, or the event still fails), 2 usage
 * (unknown command or projection).
 */

const USAGE = `Usage: npm run projections -- <command>

Commands:
  status [--json]                       each projection's and process manager's version, generation, checkpoint,
                                        head, lag and parked events
  parked <name> [--json]                the parked events of a projection or process manager, oldest first (the first of each stream
                                        failed, the rest are held behind it)
  rebuild <name>                        rebuild a projection blue/green (queries keep answering from the live tables)
  replay <name> --until <time>          replay a projection over the events recorded up to <time> (ISO) into tables
                                        of its own, <table>_a<build> (the live tables are untouched; dropped after a day)
  retry <name> [<event id>] [--all]     apply the parked events of the event's stream again, in order (default: the
                                        oldest parked event's stream; --all: every stream)
  skip <name> [<event id>] [--by <who>] drop a stream's first parked event for good (default: the oldest parked
                                        event), recorded with who did it, then apply the events held behind it
  help                                  this text

An event a projection cannot apply is parked, not a stop: the projection goes on with everything
else, and the later events of that event's stream wait behind it until it is retried or skipped.

Projections: ${allProjections.map((p) => p.name).join(', ')}
Process managers (queue jobs; the worker runs them): ${processManagerNames().join(', ')}`;

/** Bad usage: the message goes to stderr with the usage, exit code 2. */
class UsageError extends Error {}

/** A refusal (nothing to retry, nothing to skip): exit code 1. */
class RefusedError extends Error {}


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

function findProjection(name: string | undefined, command: string): Projection {
  if (!name) throw new UsageError('Name the projection.');
  const manager = command === 'parked' ? allProcessManagers.map(processManagerRunner).find((m) => m.name === name) : undefined;
  if (manager) return manager;
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

function processManagerNames(): string[] {
  return allProcessManagers.map((m) => processManagerRunner(m).name);
}

function formatLag(s: RunnerStatus): string {
  if (s.state === 'missing') return 'never run';
  const lag = s.lag === null ? 'unknown' : `${s.lagCapped ? `>${LAG_CAP}` : s.lag} events`;
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

const firstLine = (error: string | null) => (error ?? '').split('\n')[0] ?? '';

function describeParked(e: ParkedEventView): string {
  return `${e.eventType} ${e.eventId} at ${e.position}, stream ${e.streamId}${e.supplierId !== null ? ` (supplier ${e.supplierId})` : ''}`;
}

function printStatus(statuses: RunnerStatus[]): void {
  const rows = statuses.map((s) => [
    s.name,
    s.liveVersion !== null && s.liveVersion !== s.version ? `${s.version} (live ${s.liveVersion})` : String(s.version),
    s.generation === null ? '-' : String(s.generation),
    s.state,
    s.checkpoint ?? '-',
    s.head ?? '-',
    formatLag(s),
    s.parked.count ? `${s.parked.count} in ${s.parked.streams} stream${s.parked.streams === 1 ? '' : 's'}` : '-',
    s.building ? `g${s.building.generation} at ${s.building.checkpoint ?? 'start'}${s.building.parked ? `, ${s.building.parked} parked` : ''}` : '-',
    s.kind,
  ]);
  console.log(table(['NAME', 'VERSION', 'GENERATION', 'STATE', 'CHECKPOINT', 'HEAD', 'CAUGHT UP / LAG', 'PARKED', 'BUILDING', 'KIND'], rows));
  for (const s of statuses) {
    // A process manager's levers need the worker's queues: the command line only shows it.
    const levers = s.kind === 'projection';
    if (s.stale && levers) console.log(`\n${s.name}: the code is version ${s.version}, the live tables version ${s.liveVersion}: run \`npm run projections -- rebuild ${s.name}\``);
    const oldest = s.parked.oldest;
    if (oldest) {
      console.log(
        `\n${s.name} PARKED ${s.parked.count} event${s.parked.count === 1 ? '' : 's'} in ${s.parked.streams} stream${s.parked.streams === 1 ? '' : 's'}` +
          ' (those items are stale; everything else is applied)' +
          `\n  oldest: ${describeParked(oldest)} since ${oldest.parkedAt}\n  error: ${firstLine(oldest.error)}` +
          (levers ? `\n  then: fix and \`npm run projections -- retry ${s.name} ${oldest.eventId}\`, or \`npm run projections -- skip ${s.name} ${oldest.eventId} --by <you>\`` : '') +
          `\n  all of them: \`npm run projections -- parked ${s.name}\``,
      );
    }
  }
}

function printParked(name: string, parked: ParkedEventView[]): void {
  if (!parked.length) {
    console.log(`${name}: no parked events`);
    return;
  }
  const rows = parked.map((e) => [
    e.position,
    e.eventType,
    e.eventId,
    e.streamId,
    e.supplierId === null ? '-' : String(e.supplierId),
    e.reason,
    e.parkedAt,
    e.reason === 'failed' ? firstLine(e.error) : '',
  ]);
  console.log(table(['POSITION', 'TYPE', 'EVENT ID', 'STREAM', 'SUPPLIER', 'REASON', 'PARKED AT', 'ERROR'], rows));
}

/** One stream's retry or skip, in words; false when its first event still fails and nothing was applied. */
function printOutcome(name: string, o: ParkedStreamOutcome): boolean {
  const applied = `applied ${o.applied} parked event${o.applied === 1 ? '' : 's'} of stream ${o.streamId}`;
  if (!o.failing) {
    console.log(`${name}: ${applied}; the stream is clear`);
    return true;
  }
  const message = `${name}: ${applied}; ${o.remaining} still parked: ${describeParked(o.failing)} still fails: ${firstLine(o.failing.error)}`;
  if (o.applied === 0) {
    console.error(message);
    return false;
  }
  console.log(message);
  return true;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (!['status', 'parked', 'rebuild', 'replay', 'retry', 'skip'].includes(command)) throw new UsageError(`Unknown command '${command}'.`);

  // Validate the arguments before touching the database.
  const names = positional(args, ['--by', '--until']);
  const projection = command === 'status' ? null : findProjection(names[0], command);
  const takesEventId = command === 'retry' || command === 'skip';
  const allowed = command === 'status' ? 0 : takesEventId ? 2 : 1;
  if (names.length > allowed) throw new UsageError(`Unexpected argument '${names[allowed]}'.`);
  const eventId = takesEventId ? names[1] : undefined;
  if (eventId !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId)) {
    throw new UsageError(`'${eventId}' is not an event id (a UUID, as \`status\` and \`parked\` show).`);
  }
  const all = command === 'retry' && args.includes('--all');
  if (all && eventId) throw new UsageError('Give an event id or --all, not both.');
  const until = command === 'replay' ? flagValue(args, '--until') : undefined;
  if (command === 'replay' && (!until || Number.isNaN(Date.parse(until)))) throw new UsageError('replay needs --until <time> (an ISO date and time, e.g. 2026-03-01T00:00:00+04:00).');
  const skippedBy = command === 'skip' ? (flagValue(args, '--by') ?? `cli:${safeUser()}`) : '';

  const r = await openResources();
  try {
    switch (command) {
      case 'status': {
        const statuses = await runnerStatus(r.db, r.store, allProjections, allProcessManagers);
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
          else if (message === 'parked') {
            console.log(
              m.reason === 'failed'
                ? `parked ${String(m.eventType)} ${String(m.eventId)} at ${String(m.position)} (stream ${String(m.streamId)}): ${String(m.error)}`
                : `parked ${String(m.eventType)} ${String(m.eventId)} at ${String(m.position)} behind an earlier event of stream ${String(m.streamId)}`,
            );
          }
          else console.log(`${message} ${JSON.stringify(m)}`);
        });
        console.log(`rebuilt ${p.name}: generation ${generation} is live (${Date.now() - started} ms); older generations dropped`);
        return 0;
      }
      case 'replay':
        await replayUntil(r.db, r.store, projection!, until!, (line) => console.log(line));
        return 0;
      case 'parked': {
        const parked = await listParkedEvents(r.db, projection!.name);
        if (args.includes('--json')) console.log(JSON.stringify(parked, null, 2));
        else printParked(projection!.name, parked);
        return 0;
      }
      case 'retry': {
        const p = projection!;
        if (all) {
          const outcomes = await retryAllParked(r.db, r.store, p);
          if (!outcomes.length) throw new RefusedError(`Projection ${p.name} has no parked events: nothing to retry.`);
          const ok = outcomes.map((o) => printOutcome(p.name, o));
          return ok.every(Boolean) ? 0 : 1;
        }
        const result = await retryParked(r.db, r.store, p, { eventId });
        if (result.outcome === 'nothing-parked') throw new RefusedError(`Projection ${p.name} has no parked events: nothing to retry.`);
        if (result.outcome === 'not-parked') throw new RefusedError(`Projection ${p.name} has no parked event ${eventId}.`);
        return printOutcome(p.name, result) ? 0 : 1;
      }
      case 'skip': {
        const p = projection!;
        const result = await skipParked(r.db, r.store, p, skippedBy, { eventId });
        if (result.outcome === 'nothing-parked') throw new RefusedError(`Projection ${p.name} has no parked events: nothing to skip.`);
        if (result.outcome === 'not-parked') throw new RefusedError(`Projection ${p.name} has no parked event ${eventId}.`);
        if (result.outcome === 'held') {
          throw new RefusedError(`${eventId} is held behind an earlier parked event of its stream; retry or skip that one first: ${describeParked(result.first)}`);
        }
        console.log(`${p.name}: skipped ${describeParked(result.skipped)} (recorded, by ${skippedBy})`);
        printOutcome(p.name, result);
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
