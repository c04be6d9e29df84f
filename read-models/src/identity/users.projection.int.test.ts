import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { usersProjection } from './users.projection';

const spec = projectionSpec(usersProjection);

const hash = (n: number) => `$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ${n}$aGFzaGhhc2hoYXNo${n}`;

const supplierStream = eventStream('supplier-4');
const agencyStream = eventStream('agency-9');
const staffStream = eventStream('user-21');
const agentStream = eventStream('user-22');

const supplier = supplierStream.event('SupplierRegistered', { id: 4, name: 'Desert Routes Tourism LLC', city: 'Dubai' });
const agency = agencyStream.event('AgencyRegistered', { id: 9, name: 'Gulf Horizons Travel' });
const agencyRenamed = agencyStream.event('AgencyRegistered', { id: 9, name: 'Gulf Horizons Travel & Tours' });
const staff = staffStream.event(
  'UserRegistered',
  { id: 21, email: 'ops@desert-routes.test', fullName: 'Omar Ops', supplierId: 4, agencyId: null, isAgencyAdmin: false, roles: ['supplier', 'accounts'], passwordHash: hash(1) },
  { occurredAt: '2026-02-03T04:05:06.789Z' },
);
const agent = agentStream.event(
  'UserRegistered',
  { id: 22, email: 'aisha@gulf-horizons.test', fullName: 'Aisha Agent', supplierId: null, agencyId: 9, isAgencyAdmin: true, roles: ['agent'], passwordHash: hash(2) },
  { occurredAt: '2026-02-04T10:00:00.000Z' },
);
const rolesChanged = staffStream.event('UserRolesChanged', { id: 21, roles: ['supplier', 'admin'], changedBy: 'root@platform.test' });
const passwordChanged = staffStream.event('UserPasswordChanged', { id: 21, passwordHash: hash(3), changedAt: '2026-02-10T09:30:00.123Z' });
const passwordChangedAgain = staffStream.event('UserPasswordChanged', { id: 21, passwordHash: hash(4), changedAt: '2026-02-11T11:45:00.456Z' });
const deactivated = staffStream.event('UserDeactivated', { id: 21, by: 'admin@desert-routes.test' });
const reactivated = staffStream.event('UserReactivated', { id: 21, by: 'admin@desert-routes.test' });

const staffRow = (over: Row = {}): Row => ({
  id: 21,
  email: 'ops@desert-routes.test',
  full_name: 'Omar Ops',
  supplier_id: 4,
  agency_id: null,
  agency_name: '',
  is_agency_admin: false,
  roles: ['supplier', 'accounts'],
  password_hash: hash(1),
  password_version: 0,
  password_changed_at: null,
  registered_at: new Date('2026-02-03T04:05:06.789Z'),
  active: true,
  ...over,
});
const agentRow = (over: Row = {}): Row => ({
  id: 22,
  email: 'aisha@gulf-horizons.test',
  full_name: 'Aisha Agent',
  supplier_id: null,
  agency_id: 9,
  agency_name: 'Gulf Horizons Travel',
  is_agency_admin: true,
  roles: ['agent'],
  password_hash: hash(2),
  password_version: 0,
  password_changed_at: null,
  registered_at: new Date('2026-02-04T10:00:00.000Z'),
  active: true,
  ...over,
});

describe('users projection', () => {
  it('keeps a registered supplier', () =>
    spec.given().when(supplier).then({ suppliers: [{ id: 4, name: 'Desert Routes Tourism LLC', city: 'Dubai' }], users: [], agencies: [] }));

  it('keeps a registered agency', () => spec.given().when(agency).then({ agencies: [{ id: 9, name: 'Gulf Horizons Travel' }], users: [], suppliers: [] }));

  it('registers a supplier user with no password change yet', () => spec.given(supplier).when(staff).then({ users: [staffRow()] }));

  it("registers an agent with the agency's name", () => spec.given(agency).when(agent).then({ users: [agentRow()] }));

  it("carries an agency's new name to its users and leaves other users alone", () =>
    spec.given(supplier, agency, staff, agent).when(agencyRenamed).then({
      agencies: [{ id: 9, name: 'Gulf Horizons Travel & Tours' }],
      users: [staffRow(), agentRow({ agency_name: 'Gulf Horizons Travel & Tours' })],
    }));

  it('replaces the roles of that user only', () =>
    spec.given(agency, staff, agent).when(rolesChanged).then({ users: [staffRow({ roles: ['supplier', 'admin'] }), agentRow()] }));

  it('takes a changed password with its time and counts the changes', async () => {
    await spec.given(staff).when(passwordChanged).then({
      users: [staffRow({ password_hash: hash(3), password_version: 1, password_changed_at: new Date('2026-02-10T09:30:00.123Z') })],
    });
    await spec.given(staff, passwordChanged).when(passwordChangedAgain).then({
      users: [staffRow({ password_hash: hash(4), password_version: 2, password_changed_at: new Date('2026-02-11T11:45:00.456Z') })],
    });
  });

  it('deactivates a user, and reactivates them with a new token version (the tokens the deactivation ended stay refused)', async () => {
    await spec.given(staff).when(deactivated).then({ users: [staffRow({ active: false })] });
    await spec.given(staff, deactivated).when(reactivated).then({ users: [staffRow({ active: true, password_version: 1 })] });
  });

  describe('replaying the same event twice', () => {
    it.each([
      ['SupplierRegistered', [], supplier],
      ['AgencyRegistered', [agency, agent], agencyRenamed],
      ['UserRegistered', [agency], agent],
      ['UserRolesChanged', [staff], rolesChanged],
      ['UserPasswordChanged', [staff, passwordChanged], passwordChangedAgain],
    ] as const)('%s changes nothing the first time did not', (_type, history, event) => spec.given(...history).when(event).thenReplayChangesNothing());
  });
});
