import type { Knex } from 'knex';

/** A user as sign-in and tokens need them. */
export interface UserView {
  id: number;
  email: string;
  fullName: string;
  supplierId: number | null;
  agencyId: number | null;
  agencyName: string;
  isAgencyAdmin: boolean;
  roles: string[];
  passwordHash: string;
  passwordVersion: number;
  passwordChangedAt: Date | null;
  /** False while deactivated. */
  active: boolean;
}

export type UserListItem = Omit<UserView, 'passwordHash'> & { supplierName: string | null };

interface UserRow {
  id: number;
  email: string;
  full_name: string;
  supplier_id: number | null;
  agency_id: number | null;
  agency_name: string;
  is_agency_admin: boolean;
  roles: string[];
  password_hash: string;
  password_version: number;
  password_changed_at: Date | null;
  active: boolean;
}

const COLUMNS = [
  'id',
  'email',
  'full_name',
  'supplier_id',
  'agency_id',
  'agency_name',
  'is_agency_admin',
  'roles',
  'password_hash',
  'password_version',
  'password_changed_at',
  'active',
] as const;

function toView(r: UserRow): UserView {
  return {
    id: r.id,
    email: r.email,
    fullName: r.full_name,
    supplierId: r.supplier_id,
    agencyId: r.agency_id,
    agencyName: r.agency_name,
    isAgencyAdmin: r.is_agency_admin,
    roles: r.roles,
    passwordHash: r.password_hash,
    passwordVersion: r.password_version,
    passwordChangedAt: r.password_changed_at,
    active: r.active,
  };
}

/** Emails are stored lower case and trimmed; the lookup is one unique-index probe. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Knex, email: string): Promise<UserView | undefined> {
  const row = await db<UserRow>('users').select(...COLUMNS).where({ email: normalizeEmail(email) }).first();
  return row ? toView(row as UserRow) : undefined;
}

export async function listUsers(db: Knex): Promise<UserListItem[]> {
  const rows = await db('users as u')
    .leftJoin('suppliers as s', 's.id', 'u.supplier_id')
    .select(...COLUMNS.filter((c) => c !== 'password_hash').map((c) => `u.${c}`), 's.name as supplier_name')
    .orderBy('u.email');
  return rows.map((r: UserRow & { supplier_name: string | null }) => {
    const { passwordHash: _hash, ...view } = toView(r);
    return { ...view, supplierName: r.supplier_name };
  });
}

export async function findSupplierByName(db: Knex, name: string): Promise<{ id: number; name: string; city: string } | undefined> {
  return db('suppliers').select('id', 'name', 'city').whereRaw('lower(name) = lower(?)', [name]).orderBy('id').first();
}

export async function findAgencyByName(db: Knex, name: string): Promise<{ id: number; name: string } | undefined> {
  return db('agencies').select('id', 'name').whereRaw('lower(name) = lower(?)', [name]).orderBy('id').first();
}

/** One of a supplier's staff as the staff tab lists them. */
export interface StaffMember {
  id: number;
  email: string;
  fullName: string;
  roles: string[];
  active: boolean;
  registeredAt: string;
}

/** The supplier's users (staff), active first, then by name; another supplier's never. */
export async function staffOf(db: Knex, supplierId: number, id?: number): Promise<StaffMember[]> {
  const q = db('users').select('id', 'email', 'full_name', 'roles', 'active', 'registered_at').where({ supplier_id: supplierId });
  if (id !== undefined) q.andWhere({ id });
  const rows: { id: number; email: string; full_name: string; roles: string[]; active: boolean; registered_at: Date }[] = await q.orderBy([
    { column: 'active', order: 'desc' },
    { column: 'full_name' },
    { column: 'id' },
  ]);
  return rows.map((r) => ({ id: r.id, email: r.email, fullName: r.full_name, roles: r.roles, active: r.active, registeredAt: new Date(r.registered_at).toISOString() }));
}
