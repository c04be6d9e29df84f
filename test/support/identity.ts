import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type request from 'supertest';
import { RegisterAgencyCommand, RegisterSupplierCommand, RegisterUserCommand, type RegisteredTenant, type RegisteredUser } from '@tbo/identity';
import { waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, KNEX, systemContext, type EventStore, type Role } from '@tbo/kernel';
import type { Knex } from 'knex';

type Http = ReturnType<typeof request>;

/** An email no other test (or earlier run against the same database) uses. */
export const uniqueEmail = (name = 'user') => `${name}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@identity.test`;

/**
 * A client address of its own (sent as X-Forwarded-For, which the API trusts from loopback), so
 * one test's failed sign-ins never count against another's per-address limit.
 */
export const uniqueAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

export const signIn = (http: Http, email: string, password: string, address = uniqueAddress()) =>
  http.post('/api/auth/signin').set('X-Forwarded-For', address).send({ email, password, returnUrl: '/' });

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** Registers a user through the command bus and waits until sign-in (the read model) sees them; staff of `supplierId` unless an agency is given. */
export async function registerUser(
  app: INestApplication,
  over: { email?: string; fullName?: string; password?: string; roles?: Role[]; supplierId?: number | null; agencyId?: number | null; isAgencyAdmin?: boolean } = {},
): Promise<TestUser> {
  const password = over.password ?? `Camel-${randomBytes(4).toString('hex')}-Trek`;
  const user: RegisteredUser = await app.get(CommandBus).execute(
    new RegisterUserCommand(
      {
        email: over.email ?? uniqueEmail(),
        fullName: over.fullName ?? 'Test Person',
        password,
        roles: over.roles ?? ['editor'],
        supplierId: over.supplierId ?? null,
        agencyId: over.agencyId ?? null,
        isAgencyAdmin: over.isAgencyAdmin ?? false,
      },
      systemContext('test'),
    ),
  );
  await caughtUp(app, user.position);
  return { id: user.id, email: user.email, password };
}

/** A supplier and an agency of their own (new ids, names unique to the run). */
export async function registerTenants(app: INestApplication): Promise<{ supplierId: number; supplierName: string; agencyId: number; agencyName: string }> {
  const commands = app.get(CommandBus);
  const tag = randomBytes(3).toString('hex');
  const supplierName = `Dune Tours ${tag} LLC`;
  const supplier: RegisteredTenant = await commands.execute(new RegisterSupplierCommand({ name: supplierName, city: 'Dubai' }, systemContext('test')));
  const agencyName = `Agency ${tag}`;
  const agency: RegisteredTenant = await commands.execute(new RegisterAgencyCommand({ name: agencyName }, systemContext('test')));
  await caughtUp(app, agency.position);
  // The contracting tab lists agencies not yet contracted from the contracts read model.
  if (agency.position) await waitForProjection(app.get<Knex>(KNEX), app.get<EventStore>(EVENT_STORE), 'contracts', agency.position, 10_000);
  return { supplierId: supplier.id, supplierName, agencyId: agency.id, agencyName };
}

export async function caughtUp(app: INestApplication, position: string | null): Promise<void> {
  if (position) await waitForProjection(app.get<Knex>(KNEX), app.get<EventStore>(EVENT_STORE), 'users', position, 10_000);
}

/** Waits until the users read model has applied everything appended so far (after a call that answers no position). */
export async function settled(app: INestApplication): Promise<void> {
  await caughtUp(app, await app.get<EventStore>(EVENT_STORE).headPosition());
}

export function claimsOf(token: string): Record<string, unknown> {
  return jwt.decode(token) as Record<string, unknown>;
}
