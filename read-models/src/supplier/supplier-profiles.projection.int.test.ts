import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { supplierProfilesProjection } from './supplier-profiles.projection';

const spec = projectionSpec(supplierProfilesProjection);

/** A section's event data for supplier 4, and what the projection keeps of it: everything but the key. */
const sectionOf = (type: string, over: Row = {}) => ({ ...exampleOf(type), supplierId: 4, ...over });
const kept = (data: unknown) => {
  const { supplierId: _supplierId, ...section } = data as Row;
  return section;
};

const profile = eventStream('supplierprofile-4');
const core = profile.event('SupplierCoreDetailsChanged', sectionOf('SupplierCoreDetailsChanged'));
const contacts = profile.event('SupplierContactsChanged', sectionOf('SupplierContactsChanged'));
const defaults = profile.event('SupplierDefaultSettingsChanged', sectionOf('SupplierDefaultSettingsChanged'));
const policy = profile.event('SupplierCancellationPolicyChanged', sectionOf('SupplierCancellationPolicyChanged'));
const coreAgain = profile.event('SupplierCoreDetailsChanged', sectionOf('SupplierCoreDetailsChanged', { code: 'DRT2', name: 'Desert Routes Tours FZE', countryId: 48 }));

const account = eventStream('supplieraccount-4');
// Put after a first event, so the account's revision differs from the profile's at each step.
account.event('SupplierAccountSettingsChanged', sectionOf('SupplierAccountSettingsChanged'));
const settings = account.event('SupplierAccountSettingsChanged', sectionOf('SupplierAccountSettingsChanged', { defaultCommission: 15 }));
const settingsAgain = account.event('SupplierAccountSettingsChanged', sectionOf('SupplierAccountSettingsChanged', { defaultCommission: 25, taxes: [] }));

const profileRow = (over: Row): Row => ({ supplier_id: 4, core: null, contacts: null, default_settings: null, cancellation_policy: null, ...over });

describe('supplier profiles projection', () => {
  it('keeps each profile section whole in its own column, with the stream revision', async () => {
    await spec.given().when(core).then({ supplier_profiles: [profileRow({ core: kept(core.data), version: 0 })], supplier_account_settings: [] });
    await spec.given().when(contacts).then({ supplier_profiles: [profileRow({ contacts: kept(contacts.data), version: 1 })] });
    await spec.given().when(defaults).then({ supplier_profiles: [profileRow({ default_settings: kept(defaults.data), version: 2 })] });
    await spec.given().when(policy).then({ supplier_profiles: [profileRow({ cancellation_policy: kept(policy.data), version: 3 })] });
  });

  it('replaces one section and keeps the others', () =>
    spec.given(core, contacts, defaults, policy).when(coreAgain).then({
      supplier_profiles: [
        profileRow({ core: kept(coreAgain.data), contacts: kept(contacts.data), default_settings: kept(defaults.data), cancellation_policy: kept(policy.data), version: 4 }),
      ],
    }));

  it('keeps the account settings apart from the profile', () =>
    spec.given(core).when(settings).then({
      supplier_account_settings: [{ supplier_id: 4, settings: kept(settings.data), version: 1 }],
      supplier_profiles: [profileRow({ core: kept(core.data), version: 0 })],
    }));

  it('replaces the account settings whole', () =>
    spec.given(settings).when(settingsAgain).then({ supplier_account_settings: [{ supplier_id: 4, settings: { ...kept(settings.data), defaultCommission: 25, taxes: [] }, version: 2 }] }));

  replayingTwice(spec, [
    ['SupplierCoreDetailsChanged', [core, contacts], coreAgain],
    ['SupplierContactsChanged', [core], contacts],
    ['SupplierDefaultSettingsChanged', [core], defaults],
    ['SupplierCancellationPolicyChanged', [core], policy],
    ['SupplierAccountSettingsChanged', [settings], settingsAgain],
  ]);
});
