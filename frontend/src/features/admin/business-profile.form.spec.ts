import type { BusinessProfile } from '../../app/supplier/business-profile';
import { asAdminTab, buildBusinessProfileSchema, formPathOfServerField, tabOfPath, toForm, toProfile } from './business-profile.form';
import { expectCases } from '../../test-support/expect-cases.testing';

const profile = (over: Partial<BusinessProfile> = {}): BusinessProfile => ({
  code: 'DT',
  name: 'Dune Tours',
  taxRegistrationNumber: null,
  tradeLicenseNumber: '',
  countryId: 784,
  address: 'Dubai',
  paymentDetails: null,
  customerSupport: { primary: { name: 'Sara', phone: '+971', email: 's@x.test' }, secondary: null, emergency: null },
  operationsSupport: null,
  accountsDepartment: null,
  isAcknowledged: true,
  cancellationPolicy: [{ hours: 24, percents: 50 }],
  defaultSettings: { termsAndConditions: '<p>T</p>', faq: null, notesToClientPostBooking: '' },
  version: 3,
  ...over,
});

describe('business profile form mapping', () => {
  it('fills every text with a string', () => {
    const form = toForm(profile());
    expect(form.taxRegistrationNumber).toBe('');
    expect(form.paymentDetails.ibanNumber).toBe('');
    expect(form.operationsSupport.emergency).toEqual({ phone: '', email: '' });
    expect(form.customerSupport.primary.name).toBe('Sara');
  });

  it('sends the loaded version, keeps nulls for untouched empty texts, trims, and drops unsavable policy rows', () => {
    const base = profile();
    const form = toForm(base);
    form.name = '  Dune Tours LLC ';
    form.cancellationPolicy = [
      { hours: 0, percents: 10 },
      { hours: 48, percents: 100 },
    ];
    const out = toProfile(form, base);
    expect(out.version).toBe(3);
    expect(out.isAcknowledged).toBe(true);
    expect(out.name).toBe('Dune Tours LLC');
    expect(out.taxRegistrationNumber).toBeNull();
    expect(out.tradeLicenseNumber).toBe('');
    expect(out.cancellationPolicy).toEqual([{ hours: 48, percents: 100 }]);
    expect(out.defaultSettings?.faq).toBeNull();
    expect(out.customerSupport?.primary).toEqual({ name: 'Sara', phone: '+971', email: 's@x.test' });
  });

  it('maps server field keys to form paths', () => {
    const form = toForm(profile());
    expectCases((key: string) => formPathOfServerField(key, form), [
      ['Code', 'code'],
      ['paymentDetails.IbanNumber', 'paymentDetails.ibanNumber'],
      ['customerSupport.primary.email', 'customerSupport.primary.email'],
      ['cancellationPolicy.1', 'cancellationPolicy'],
      ['cancellationPolicy[0].hours', 'cancellationPolicy'],
      ['somethingElse', null],
      ['paymentDetails', null],
    ]);
  });

  it('knows the tab of a field and the tabs of the route', () => {
    expect(tabOfPath('paymentDetails.swiftCode')).toBe('core');
    expect(tabOfPath('accountsDepartment.primary.phone')).toBe('contacts');
    expect(tabOfPath('cancellationPolicy')).toBe('defaultsettings');
    expect(asAdminTab('DefaultSettings')).toBe('defaultsettings');
    expect(asAdminTab('nope')).toBeNull();
  });

  it("requires the code and legal name with the spec's messages", () => {
    const schema = buildBusinessProfileSchema((k) => ({ 'errors.codeRequired': 'Business code is required', 'errors.nameRequired': 'Legal name is required' })[k as string] ?? k);
    const form = toForm(profile({ code: ' ', name: '' }));
    const result = schema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['Business code is required', 'Legal name is required']);
    form.code = 'A';
    form.name = 'B';
    form.accountsDepartment.primary.email = 'bad';
    form.accountsDepartment.primary.phone = 'x'.repeat(51);
    expect(schema.safeParse(form).error!.issues.map((i) => i.path.join('.'))).toEqual(['accountsDepartment.primary.phone', 'accountsDepartment.primary.email']);
  });

  it('checks the IBAN and the SWIFT code as the API does (grouped with spaces, or left empty)', () => {
    const schema = buildBusinessProfileSchema((k) => k);
    const form = toForm(profile());
    form.paymentDetails.ibanNumber = 'AE07 0331 2345 6789 0123 456';
    form.paymentDetails.swiftCode = '';
    expect(schema.safeParse(form).success).toBe(true);
    form.paymentDetails.ibanNumber = 'XX';
    form.paymentDetails.swiftCode = '!!';
    expect(schema.safeParse(form).error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['paymentDetails.ibanNumber', 'errors.iban'],
      ['paymentDetails.swiftCode', 'errors.swift'],
    ]);
  });

  it('takes a phone as the API does: any text up to 50 characters, so a value saved through the API never blocks a save', () => {
    const schema = buildBusinessProfileSchema((k) => k);
    const form = toForm(profile());
    form.customerSupport.primary.phone = 'WhatsApp only, ext. 12 #3';
    form.operationsSupport.secondary.phone = 'x'.repeat(50);
    expect(schema.safeParse(form).success).toBe(true);
    form.operationsSupport.secondary.phone = 'x'.repeat(51);
    expect(schema.safeParse(form).error!.issues).toEqual([expect.objectContaining({ path: ['operationsSupport', 'secondary', 'phone'], message: 'errors.phone' })]);
  });
});

describe('translations', () => {
  const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`])).sort();
  it.each(['admin', 'cancellation-policy'])('%s has the same keys in en and ru', (ns) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const en = require(`../../i18n/locales/en/${ns}.json`) as Record<string, unknown>;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ru = require(`../../i18n/locales/ru/${ns}.json`) as Record<string, unknown>;
    expect(keys(ru)).toEqual(keys(en));
  });
});
