import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import request from 'supertest';
import { agencyStream, RegisterAgencyCommand, RegisterSupplierCommand, supplierStream, UserDirectory } from '@tbo/identity';
import { findUserByEmail, waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, issueToken, KNEX, loadConfig, systemContext, type AuthUser, type EventStore, type Role } from '@tbo/kernel';
import { createApp, type CreateAppOptions } from '../../apps/api/src/create-app';
import { registerTenants, registerUser } from './identity';
import { seedDemo } from './reference';

/** The apps this test file started and has not closed yet: tokenFor registers its users through the first. */
const running: INestApplication[] = [];

/**
 * The real API over the test database, with the projections running in-process. It logs errors only
 * (an unexpected 500 shows its stack) unless `logging` says otherwise.
 */
export async function startApi(env: Record<string, string> = {}, logging: CreateAppOptions = {}): Promise<{ app: INestApplication; http: ReturnType<typeof request> }> {
  Object.assign(process.env, { API_RUNS_PROJECTIONS: '1', ...env });
  const app = await createApp({ logs: 'errors', ...logging });
  await app.init();
  const close = app.close.bind(app);
  app.close = async () => {
    const at = running.indexOf(app);
    if (at >= 0) running.splice(at, 1);
    await close();
  };
  running.push(app);
  return { app, http: request(app.getHttpServer()) };
}

export type Http = ReturnType<typeof request>;

/** What apiSuite() gives a test file: its started API and what the tests reach through it. */
export interface ApiSuite {
  readonly app: INestApplication;
  readonly http: Http;
  readonly db: Knex;
  readonly store: EventStore;
  /** Resolves true once the projection has caught up to the position (false after the timeout). */
  settled(projection: string, position: string, timeoutMs?: number): Promise<boolean>;
}

/**
 * startApi() for the whole file: registers its own beforeAll/afterAll, so call it before the file's
 * other beforeAll hooks (they run in the order they were registered), and note that its afterAll closes the app
 * before the file's own afterAll hooks run. `env` may be a function, for values made at start (a temporary folder).
 * The getters throw before start.
 */
export function apiSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}, logging: CreateAppOptions = {}): ApiSuite {
  let started: Awaited<ReturnType<typeof startApi>> | undefined;
  beforeAll(async () => {
    started = await startApi(typeof env === 'function' ? await env() : env, logging);
  });
  afterAll(async () => {
    await started?.app.close();
  });
  const app = (): INestApplication => {
    if (!started) throw new Error('apiSuite(): the API is not started yet (use it inside hooks and tests)');
    return started.app;
  };
  return {
    get app() {
      return app();
    },
    get http() {
      app();
      return started!.http;
    },
    get db() {
      return app().get<Knex>(KNEX);
    },
    get store() {
      return app().get<EventStore>(EVENT_STORE);
    },
    settled: (projection, position, timeoutMs = 10_000) => waitForProjection(app().get<Knex>(KNEX), app().get<EventStore>(EVENT_STORE), projection, position, timeoutMs),
  };
}

type TokenUser = Omit<AuthUser, 'issuedAt'>;

/** Users this file already made sure of (registration hashes a password: about 0.1 s each). */
const ensured = new Map<string, Promise<void>>();

/**
 * A token as sign-in would issue it, for a user that exists: the API refuses tokens of unknown
 * users, of a tenant or role the user lacks, and without a password version. The user (by default
 * one per roles and tenant, e.g. `admin.s1@test.local`) is registered through RegisterUserCommand
 * on first use, and its supplier or agency with it when missing. Needs startApi() first.
 */
export async function tokenFor(roles: Role[], over: Partial<TokenUser> = {}, ttlSeconds?: number): Promise<string> {
  const app = running[0];
  if (!app) throw new Error('tokenFor() registers its user through the API: call startApi() first');
  return tokenIn(app, roles, over, ttlSeconds);
}

/** tokenFor() through a given app (the benchmarks make theirs with createApp). */
export async function tokenIn(app: INestApplication, roles: Role[], over: Partial<TokenUser> = {}, ttlSeconds?: number): Promise<string> {
  const db = app.get<Knex>(KNEX);
  // A user the test registered itself keeps its own tenant unless the test says otherwise.
  const known = over.email ? await findUserByEmail(db, over.email) : undefined;
  const base = { fullName: known?.fullName ?? 'Test User', supplierId: known ? known.supplierId : over.agencyId ? null : 1, agencyId: known?.agencyId ?? null, agencyName: known?.agencyName ?? '', isAgencyAdmin: known?.isAgencyAdmin ?? false, ...over };
  const user: TokenUser = { ...base, roles, email: over.email ?? defaultEmail(roles, base) };
  const key = user.email.toLowerCase();
  if (!known && !ensured.has(key)) ensured.set(key, ensureUser(app, user).catch((err: unknown) => (ensured.delete(key), Promise.reject(err))));
  await ensured.get(key);
  const found = known ?? (await visibleUser(db, user.email));
  if (found.supplierId !== (user.supplierId ?? null) || found.agencyId !== (user.agencyId ?? null) || !roles.every((r) => found.roles.includes(r))) {
    throw new Error(`tokenFor(): ${user.email} exists with other roles or another tenant; its tokens would be refused`);
  }
  const config = loadConfig();
  return issueToken(user, { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER, ttlSeconds: ttlSeconds ?? config.JWT_TTL_SECONDS, passwordVersion: found.passwordVersion });
}

/**
 * The user as the users read table shows it. Registered by another test file of this run (a duplicate), it may not
 * be projected yet when this file looks: wait for it rather than read a row that is not there.
 */
async function visibleUser(db: Knex, email: string): Promise<NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>> {
  const until = Date.now() + 30_000;
  for (;;) {
    const found = await findUserByEmail(db, email);
    if (found) return found;
    if (Date.now() > until) throw new Error(`tokenFor(): ${email} was registered but never appeared in the users read table`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function defaultEmail(roles: Role[], u: Pick<TokenUser, 'supplierId' | 'agencyId' | 'isAgencyAdmin'>): string {
  const tenant = u.supplierId ? `s${u.supplierId}` : u.agencyId ? `a${u.agencyId}${u.isAgencyAdmin ? 'admin' : ''}` : 'platform';
  return `${roles.join('-') || 'nobody'}.${tenant}@test.local`;
}

async function ensureUser(app: INestApplication, user: TokenUser): Promise<void> {
  if (await findUserByEmail(app.get<Knex>(KNEX), user.email)) return;
  if (user.supplierId) await ensureTenant(app, 'supplier', user.supplierId);
  if (user.agencyId) await ensureTenant(app, 'agency', user.agencyId);
  try {
    await registerUser(app, { email: user.email, fullName: user.fullName, roles: [...user.roles], supplierId: user.supplierId, agencyId: user.agencyId, isAgencyAdmin: user.isAgencyAdmin });
  } catch (err) {
    // Another test file of this run registered it meanwhile.
    if (!(await visibleUser(app.get<Knex>(KNEX), user.email).catch(() => null))) throw err;
  }
}

/** Tests name tenants by id (supplier 1, agency 5): register the missing ones with exactly that id. */
async function ensureTenant(app: INestApplication, kind: 'supplier' | 'agency', id: number): Promise<void> {
  const directory = app.get(UserDirectory);
  const stream = kind === 'supplier' ? supplierStream(id) : agencyStream(id);
  if (await directory.streamExists(stream)) return;
  const context = systemContext('test');
  try {
    await app
      .get(CommandBus)
      .execute(kind === 'supplier' ? new RegisterSupplierCommand({ id, name: `Test Supplier ${id}`, city: 'Dubai' }, context) : new RegisterAgencyCommand({ id, name: `Test Agency ${id}` }, context));
  } catch (err) {
    if (!(await directory.streamExists(stream))) throw err;
  }
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Two registered suppliers and the headers most supplier-scoped tests sign in with. */
export interface TwoSuppliers {
  supplierId: number;
  otherSupplierId: number;
  admin: Record<string, string>;
  editor: Record<string, string>;
  /** The other supplier's admin: what they must not see or change. */
  otherAdmin: Record<string, string>;
}

/** Registers the supplier a test works as and another one whose data must stay apart (with their agencies). */
export async function twoSuppliers(app: INestApplication): Promise<TwoSuppliers> {
  const { supplierId } = await registerTenants(app);
  const otherSupplierId = (await registerTenants(app)).supplierId;
  return {
    supplierId,
    otherSupplierId,
    admin: bearer(await tokenFor(['admin'], { supplierId })),
    editor: bearer(await tokenFor(['editor'], { supplierId })),
    otherAdmin: bearer(await tokenFor(['admin'], { supplierId: otherSupplierId })),
  };
}

/** apiSuite() with twoSuppliers() registered once the API is up: what most supplier-scoped test files start from. */
export interface SuppliersSuite extends ApiSuite, TwoSuppliers {}

/**
 * apiSuite() and, in a beforeAll of its own, twoSuppliers() (after the demo data when `seed`): call it where apiSuite()
 * would go. The suppliers' ids and headers are getters that throw before they are registered, like the API's.
 */
export function suppliersSuite(options: { seed?: boolean } = {}): SuppliersSuite {
  const api = apiSuite();
  let registered: TwoSuppliers | undefined;
  beforeAll(async () => {
    if (options.seed) await seedDemo(api.app);
    registered = await twoSuppliers(api.app);
  });
  const users = (): TwoSuppliers => {
    if (!registered) throw new Error('suppliersSuite(): the suppliers are not registered yet (use them inside hooks and tests)');
    return registered;
  };
  return {
    get app() {
      return api.app;
    },
    get http() {
      return api.http;
    },
    get db() {
      return api.db;
    },
    get store() {
      return api.store;
    },
    settled: api.settled,
    get supplierId() {
      return users().supplierId;
    },
    get otherSupplierId() {
      return users().otherSupplierId;
    },
    get admin() {
      return users().admin;
    },
    get editor() {
      return users().editor;
    },
    get otherAdmin() {
      return users().otherAdmin;
    },
  };
}

/** A supertest parser that keeps the body as bytes (the .xlsx exports): `.buffer(true).parse(binary)`. */
export const binary = (res: request.Response, done: (err: Error | null, body: unknown) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** An answer's content, or a failure that says what the API said instead of `status`. */
export function contentOf<T>(res: { status: number; body: unknown }, status = 200): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { Content: T }).Content;
}

/** Every answer must be the envelope, and an error never a 500; with `title`, the error's title too. */
export function expectErrorEnvelope(res: { status: number; body: unknown }, code: number, title?: string): void {
  expect(res.status).toBe(code);
  expect(res.body).toEqual(
    expect.objectContaining({ IsOk: false, Code: code, ErrorTitle: expect.any(String), ErrorMessage: expect.any(String) }),
  );
  expect((res.body as { ErrorMessage: string }).ErrorMessage.length).toBeGreaterThan(0);
  if (title !== undefined) expect((res.body as { ErrorTitle: string }).ErrorTitle).toBe(title);
}

/** The 404 of a route scoped to the supplier: the record's wording, the same for another supplier's record as for none. */
export function expectNotFound(res: { status: number; body: unknown }, message: string): void {
  expectErrorEnvelope(res, 404);
  expect(res.body).toMatchObject({ ErrorTitle: 'Not found', ErrorMessage: message });
}

/** Another supplier's record reads as an unknown id does, so a 404 never tells a stranger that the record exists. */
export async function expectHiddenFromOthers(
  read: (id: number, headers: Record<string, string>) => PromiseLike<{ status: number; body: unknown }>,
  id: number,
  users: Pick<TwoSuppliers, 'admin' | 'otherAdmin'>,
  message: string,
): Promise<void> {
  expectNotFound(await read(id, users.otherAdmin), message);
  expectNotFound(await read(99_999_999, users.admin), message);
}

/** Two saves of one read (a tour or an offer: both have nameDisplay): the first saves, the second, now stale, answers 409. */
export async function expectStaleSaveRefused(http: Http, path: string, headers: Record<string, string>, saved: { version: number }): Promise<void> {
  const ok = await http.put(path).set(headers).send({ ...saved, nameDisplay: 'Red Dunes', version: saved.version });
  expect(ok.status).toBe(200);
  const stale = await http.put(path).set(headers).send({ ...saved, nameDisplay: 'Gold Dunes', version: saved.version });
  expectErrorEnvelope(stale, 409);
}
