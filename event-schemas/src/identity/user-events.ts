import { z } from 'zod';
import { PG_INT_MAX, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

const userId = z.number().int().positive().max(PG_INT_MAX);
/** Lower case, trimmed: the one spelling an email is stored and compared in. */
const email = z.string().min(3).max(254).regex(/^[^\sA-Z@]+@[^\sA-Z@]+$/, 'a lower-case email address');
/** Role names (the kernel's ROLES); the user decider refuses unknown ones before they get here. */
const roles = z.array(z.string().regex(/^[a-z]{2,40}$/)).min(1);
/** An argon2id PHC string; the password itself is never stored. */
const passwordHash = z.string().startsWith('$argon2id$').max(500);

export const UserRegistered = z
  .object({
    id: userId,
    email,
    fullName: z.string().min(1).max(200),
    supplierId: z.number().int().positive().max(PG_INT_MAX).nullable(),
    agencyId: z.number().int().positive().max(PG_INT_MAX).nullable(),
    isAgencyAdmin: z.boolean(),
    roles,
    passwordHash,
  })
  .refine((u) => !(u.supplierId && u.agencyId), 'a user belongs to a supplier or an agency, never both');

export const UserRolesChanged = z.object({ id: userId, roles, changedBy: z.string().min(1).max(254) });
export const UserPasswordChanged = z.object({ id: userId, passwordHash, changedAt: storedInstant() });
/** An admin signed in as this user ('log me in'); `by` is the admin's email. */
export const UserImpersonated = z.object({ id: userId, by: z.string().min(1).max(254) });
/** An admin stopped the user's access: sign-in and every token of theirs are refused until reactivated; `by` is the admin's email. */
export const UserDeactivated = z.object({ id: userId, by: z.string().min(1).max(254) });
export const UserReactivated = z.object({ id: userId, by: z.string().min(1).max(254) });

/**
 * Stream `useremail-<sha1 of the email>`: the email's one owner. Registering appends here first
 * with expected revision "no stream", so two registrations of one email cannot both succeed.
 */
export const UserEmailReserved = z.object({ email, userId, at: storedInstant() });
/** A registration that failed after reserving gives the email back. */
export const UserEmailReleased = z.object({ email, userId });

/** The schema of each event type, by type. */
export const userEventTypes = { UserRegistered, UserRolesChanged, UserPasswordChanged, UserImpersonated, UserDeactivated, UserReactivated };
export type UserEvent = EventUnion<typeof userEventTypes>;
export type UserEmailEvent = EventUnion<{ UserEmailReserved: typeof UserEmailReserved; UserEmailReleased: typeof UserEmailReleased }>;

const exampleHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

export const userEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'UserRegistered',
    version: 1,
    schema: UserRegistered,
    example: {
      id: 1,
      email: 'agent@demo.test',
      fullName: 'Aisha Agent',
      supplierId: null,
      agencyId: 1,
      isAgencyAdmin: true,
      roles: ['agent'],
      passwordHash: exampleHash,
    },
  },
  { type: 'UserRolesChanged', version: 1, schema: UserRolesChanged, example: { id: 1, roles: ['agent', 'admin'], changedBy: 'admin@demo.test' } },
  { type: 'UserPasswordChanged', version: 1, schema: UserPasswordChanged, example: { id: 1, passwordHash: exampleHash, changedAt: '2026-01-02T03:04:05.678Z' } },
  { type: 'UserImpersonated', version: 1, schema: UserImpersonated, example: { id: 1, by: 'admin@demo.test' } },
  { type: 'UserDeactivated', version: 1, schema: UserDeactivated, example: { id: 1, by: 'admin@demo.test' } },
  { type: 'UserReactivated', version: 1, schema: UserReactivated, example: { id: 1, by: 'admin@demo.test' } },
  { type: 'UserEmailReserved', version: 1, schema: UserEmailReserved, example: { email: 'agent@demo.test', userId: 1, at: '2026-01-02T03:04:05.678Z' } },
  { type: 'UserEmailReleased', version: 1, schema: UserEmailReleased, example: { email: 'agent@demo.test', userId: 1 } },
];
