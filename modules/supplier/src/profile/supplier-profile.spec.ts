import { ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { SupplierProfileEvent } from '@tbo/event-schemas';
import { CANCELLATION_POLICY_MESSAGES } from '@tbo/kernel';
import { blankProfile, emptyProfileState, supplierProfileDecider, type SupplierProfile } from './supplier-profile';

const decider = { ...supplierProfileDecider, initialState: emptyProfileState(7) };
const profile = (over: Partial<SupplierProfile> = {}): SupplierProfile => ({
  ...blankProfile(),
  code: 'DRT',
  name: 'Desert Routes Tourism LLC',
  countryId: 784,
  cancellationPolicy: [{ hours: 48, percents: 100 }],
  ...over,
});
const saved = (p: SupplierProfile) => supplierProfileDecider.decide({ supplierId: 7, profile: p }, emptyProfileState(7));

describe('supplier profile decider', () => {
  it('a first save states every section', () => {
    const events = given(decider).when({ supplierId: 7, profile: profile() }).events();
    expect(events.map((e) => e.type)).toEqual(['SupplierCoreDetailsChanged', 'SupplierContactsChanged', 'SupplierDefaultSettingsChanged', 'SupplierCancellationPolicyChanged']);
    expect(events[0]!.data).toMatchObject({ supplierId: 7, code: 'DRT', name: 'Desert Routes Tourism LLC', countryId: 784 });
  });

  it('a later save states only the sections that changed', () => {
    const past = saved(profile());
    given(decider, past).when({ supplierId: 7, profile: profile() }).then([]);
    const contacts = { ...blankProfile().customerSupport, primary: { name: 'Aisha', phone: '+971 4 000', email: 'a@x.test' } };
    given(decider, past)
      .when({ supplierId: 7, profile: profile({ customerSupport: contacts }) })
      .then([
        {
          type: 'SupplierContactsChanged',
          data: { supplierId: 7, customerSupport: contacts, operationsSupport: blankProfile().operationsSupport, accountsDepartment: blankProfile().accountsDepartment },
        },
      ]);
  });

  it('keeps the policy ordered by hours, longest notice first; duplicate hours are kept (the spec’s check has no effect)', () => {
    const events = given(decider, saved(profile()))
      .when({ supplierId: 7, profile: profile({ cancellationPolicy: [{ hours: 24, percents: 50 }, { hours: 72, percents: 100 }, { hours: 24, percents: 25 }] }) })
      .events();
    expect(events).toEqual<SupplierProfileEvent[]>([
      { type: 'SupplierCancellationPolicyChanged', data: { supplierId: 7, cancellationPolicy: [{ hours: 72, percents: 100 }, { hours: 24, percents: 50 }, { hours: 24, percents: 25 }] } },
    ]);
  });

  it('refuses rows with 0 hours or 0 percents, fractional hours and percents over 100', () => {
    for (const row of [{ hours: 0, percents: 50 }, { hours: 24, percents: 0 }]) {
      given(decider).when({ supplierId: 7, profile: profile({ cancellationPolicy: [row] }) }).thenThrows(CANCELLATION_POLICY_MESSAGES.zero);
    }
    given(decider).when({ supplierId: 7, profile: profile({ cancellationPolicy: [{ hours: 1.5, percents: 50 }] }) }).thenThrows(CANCELLATION_POLICY_MESSAGES.hours);
    given(decider).when({ supplierId: 7, profile: profile({ cancellationPolicy: [{ hours: 5, percents: 101 }] }) }).thenThrows(CANCELLATION_POLICY_MESSAGES.percents);
  });

  it('needs a business code and a legal name', () => {
    given(decider).when({ supplierId: 7, profile: profile({ code: ' ' }) }).thenThrows('Business code is required');
    given(decider).when({ supplierId: 7, profile: profile({ name: '' }) }).thenThrows(ValidationError);
  });

  it('an empty policy saved first is the same as none: nothing to state', () => {
    const events = given(decider).when({ supplierId: 7, profile: profile({ cancellationPolicy: [] }) }).events();
    expect(events.map((e) => e.type)).not.toContain('SupplierCancellationPolicyChanged');
  });
});
