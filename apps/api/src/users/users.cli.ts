import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { ChangeUserRolesCommand, RegisterUserCommand, SetPasswordCommand, type ChangedUser, type RegisteredUser } from '@tbo/identity';
import { listUsers, ProjectionHost, usersProjection } from '@tbo/read-models';
import { AppError, EVENT_STORE, KNEX, ROLES, type CommandContext, type EventStore } from '@tbo/kernel';
import { exitWhenFlushed } from '../cli/exit-when-flushed';
import { UsersCliModule } from './users-cli.module';

const USAGE = `npm run users -- <command> [options]

  add --email <email> --name <full name> --password <password> --roles <role,role>
      [--supplier <id> | --agency <id> [--agency-admin]]
  roles --email <email> --set <role,role>
  password --email <email> --password <password>
  list

--password - reads the password from the first line of standard input (keeps it out of shell history).
Roles: ${ROLES.join(', ')}.`;

class UsageError extends Error {}

const quiet = { log: () => undefined, warn: console.warn, error: console.error };

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      roles: { type: 'string' },
      set: { type: 'string' },
      supplier: { type: 'string' },
      agency: { type: 'string' },
      'agency-admin': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return { command: positionals[0], extra: positionals.slice(1), values };
}

const need = (value: string | undefined, option: string): string => {
  if (!value) throw new UsageError(`--${option} is required`);
  return value;
};

const roleList = (value: string) =>
  value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

function tenantId(value: string | undefined, option: string): number | null {
  if (value === undefined) return null;
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError(`--${option} must be a positive whole number`);
  return id;
}

async function readPassword(value: string): Promise<string> {
  if (value !== '-') return value;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

function cliContext(): CommandContext {
  let who = 'unknown';
  try {
    who = userInfo().username;
  } catch {
    // no user name (some containers): keep 'unknown'
  }
  return { userId: `cli:${who}`, tenantId: null, correlationId: randomUUID(), causationId: null, commandId: randomUUID() };
}

/** `npm run users -- ...`: the same commands (and events) as the API, from a terminal. */
async function main(): Promise<number> {
  const { command, extra, values } = parse(process.argv.slice(2));
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (extra.length) throw new UsageError(`unexpected argument: ${extra.join(' ')}`);
  if (!['add', 'roles', 'password', 'list'].includes(command)) throw new UsageError(`unknown command '${command}'`);

  const app = await NestFactory.createApplicationContext(UsersCliModule, { logger: ['error', 'warn'] });
  const db = app.get<Knex>(KNEX);
  // Sign-in and `list` read the users table: bring it up to date after every change.
  const projection = new ProjectionHost(db, app.get<EventStore>(EVENT_STORE), [usersProjection], quiet);
  const commands = app.get(CommandBus);
  try {
    switch (command) {
      case 'add': {
        const supplierId = tenantId(values.supplier, 'supplier');
        const agencyId = tenantId(values.agency, 'agency');
        if (supplierId && agencyId) throw new UsageError('give --supplier or --agency, not both');
        if (values['agency-admin'] && !agencyId) throw new UsageError('--agency-admin needs --agency');
        const user: RegisteredUser = await commands.execute(
          new RegisterUserCommand(
            {
              email: need(values.email, 'email'),
              fullName: need(values.name, 'name'),
              password: await readPassword(need(values.password, 'password')),
              roles: roleList(need(values.roles, 'roles')),
              supplierId,
              agencyId,
              isAgencyAdmin: values['agency-admin'],
            },
            cliContext(),
          ),
        );
        await projection.catchUp();
        console.log(`added user ${user.id} ${user.email}`);
        return 0;
      }
      case 'roles': {
        const changed: ChangedUser = await commands.execute(
          new ChangeUserRolesCommand({ email: need(values.email, 'email'), roles: roleList(need(values.set, 'set')) }, cliContext()),
        );
        await projection.catchUp();
        console.log(changed.position ? `roles of ${changed.email} set to ${roleList(values.set!).join(', ')}` : `roles of ${changed.email} unchanged`);
        return 0;
      }
      case 'password': {
        const changed: ChangedUser = await commands.execute(
          new SetPasswordCommand({ email: need(values.email, 'email'), password: await readPassword(need(values.password, 'password')) }, cliContext()),
        );
        await projection.catchUp();
        console.log(`password of ${changed.email} changed; tokens issued before now no longer work`);
        return 0;
      }
      default: {
        await projection.catchUp();
        const users = await listUsers(db);
        const rows = users.map((u) => [
          String(u.id),
          u.email,
          u.fullName,
          u.roles.join(','),
          u.supplierId ? `supplier ${u.supplierId} ${u.supplierName ?? ''}`.trim() : u.agencyId ? `agency ${u.agencyId} ${u.agencyName}${u.isAgencyAdmin ? ' (admin)' : ''}` : '-',
        ]);
        const header = ['id', 'email', 'name', 'roles', 'belongs to'];
        const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
        for (const r of [header, ...rows]) console.log(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '));
        console.log(`${users.length} user(s)`);
        return 0;
      }
    }
  } finally {
    await app.close();
  }
}

main().then(exitWhenFlushed, (err) => {
  if (err instanceof AppError) {
    console.error(`users: ${err.message}`);
    return exitWhenFlushed(1);
  }
  const code = (err as { code?: unknown }).code;
  if (err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
    console.error(`users: ${(err as Error).message}\n\n${USAGE}`);
    return exitWhenFlushed(2);
  }
  console.error(err);
  exitWhenFlushed(1);
});
