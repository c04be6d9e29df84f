import { findSupplierByName } from '@tbo/read-models';
import { DEMO_SUPPLIER } from '../../apps/api/src/seed/seed-identity';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';

const blankNamed = { name: '', phone: '', email: '' };
const blank = { phone: '', email: '' };

/** A complete profile as the admin screens send it. */
const profileBody = (over: Record<string, unknown> = {}) => ({
  code: 'SND',
  name: 'Sand Dune Adventures LLC',
  taxRegistrationNumber: '100200300400003',
  tradeLicenseNumber: 'DED-555111',
  countryId: 784,
  address: 'Al Quoz 1, Dubai',
  paymentDetails: { accountNumber: '123', ibanNumber: 'AE070331234567890123456', swiftCode: 'NBADAEAA', bankName: 'First Abu Dhabi Bank', bankBranchAddress: 'Deira' },
  customerSupport: { primary: { name: 'Mina', phone: '+971 4 111 2222', email: 'care@sand.example' }, secondary: blankNamed, emergency: { name: 'Duty', phone: '+971 50 000 0000', email: '' } },
  operationsSupport: { primary: { phone: '+971 4 111 3333', email: 'ops@sand.example' }, secondary: blank, emergency: blank },
  accountsDepartment: { primary: { phone: '+971 4 111 4444', email: 'accounts@sand.example' }, secondary: blank, emergency: blank },
  isAcknowledged: true,
  cancellationPolicy: [
    { hours: 24, percents: 50 },
    { hours: 72, percents: 100 },
  ],
  defaultSettings: { termsAndConditions: '<p><strong>Terms</strong></p>', faq: '<ul><li>Q</li></ul>', notesToClientPostBooking: '<p>Thanks</p>' },
  ...over,
});

/**
 * A profile with every value emptied, nested objects field by field: texts '', the country null, flags false,
 * lists []. What a supplier that never saved a profile must see: every field a complete profile has, none filled.
 */
function emptied(profile: Record<string, unknown>): Record<string, unknown> {
  const empty = (v: unknown): unknown => {
    if (typeof v === 'string') return '';
    if (typeof v === 'number') return null;
    if (typeof v === 'boolean') return false;
    if (Array.isArray(v)) return [];
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, empty(x)]));
  };
  return empty(profile) as Record<string, unknown>;
}

const PROFILE_KEYS = [
  'code',
  'name',
  'taxRegistrationNumber',
  'tradeLicenseNumber',
  'countryId',
  'address',
  'paymentDetails',
  'customerSupport',
  'operationsSupport',
  'accountsDepartment',
  'isAcknowledged',
  'cancellationPolicy',
  'defaultSettings',
  'version',
];

describe('business profile: GET /api/suppliers/my, PUT /api/suppliers', () => {
  const api = apiSuite();
  let supplierId: number;
  let otherId: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    await seedDemo(api.app);
    supplierId = (await registerTenants(api.app)).supplierId;
    otherId = (await registerTenants(api.app)).supplierId;
    admin = bearer(await tokenFor(['admin'], { supplierId }));
  });

  const my = (headers: Record<string, string>, after?: string | null) => api.http.get(`/api/suppliers/my${after ? `?after=${after}` : ''}`).set(headers);
  const put = (body: object, headers: Record<string, string> = admin) => api.http.put('/api/suppliers').set(headers).send(body);

  it('the seeded supplier has a real-looking profile, contacts, default texts and a 48 h / 24 h policy', async () => {
    const seeded = (await findSupplierByName(api.db, DEMO_SUPPLIER.name))!;
    const res = await my(bearer(await tokenFor(['editor'], { supplierId: seeded.id })));
    expect(res.status).toBe(200);
    const p = res.body.Content;
    expect(Object.keys(p)).toEqual(PROFILE_KEYS);
    expect(p).toMatchObject({ code: 'DRT', name: 'Desert Routes Tourism LLC', countryId: 784, isAcknowledged: true, version: expect.any(Number) });
    expect(p.paymentDetails.ibanNumber).toMatch(/^AE\d{21}$/);
    for (const set of [p.customerSupport, p.operationsSupport, p.accountsDepartment]) {
      for (const c of [set.primary, set.secondary, set.emergency]) expect(c.email).toMatch(/@/);
    }
    expect(p.customerSupport.primary.name).toBeTruthy();
    expect(p.cancellationPolicy).toEqual([
      { hours: 48, percents: 100 },
      { hours: 24, percents: 50 },
    ]);
    for (const text of Object.values(p.defaultSettings)) expect(text).toMatch(/^<(p|h3|ol|ul)>/);
  });

  it('a supplier that never saved one sees an empty profile with version null', async () => {
    const res = await my(bearer(await tokenFor(['accounts'], { supplierId: otherId })));
    expect(res.body.Content).toEqual({ ...emptied(profileBody()), version: null });
  });

  it('an admin saves the whole profile and reads it back; the policy is ordered by hours, longest first', async () => {
    const saved = await put(profileBody());
    expect(saved.status).toBe(200);
    expect(saved.body.Content).toEqual({
      ...profileBody(),
      cancellationPolicy: [
        { hours: 72, percents: 100 },
        { hours: 24, percents: 50 },
      ],
      version: 3,
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    const { position, ...answer } = saved.body.Content;
    const read = await my(bearer(await tokenFor(['operations'], { supplierId })), position);
    expect(read.body.Content).toEqual(answer);
    expect(Object.keys(read.body.Content)).toEqual(PROFILE_KEYS);

    // Sending the answer back unchanged (position included) changes nothing.
    const again = await put(saved.body.Content);
    expect(again.body.Content).toMatchObject({ version: 3, position: null });
  });

  it('another supplier sees only its own profile', async () => {
    const theirs = await put(profileBody({ code: 'OTH', name: 'Other Tours LLC' }), bearer(await tokenFor(['admin'], { supplierId: otherId })));
    expect(theirs.status).toBe(200);
    const mine = await my(admin, theirs.body.Content.position);
    expect(mine.body.Content).toMatchObject({ code: 'SND', name: 'Sand Dune Adventures LLC' });
    const other = await my(bearer(await tokenFor(['admin'], { supplierId: otherId })));
    expect(other.body.Content).toMatchObject({ code: 'OTH', name: 'Other Tours LLC' });
  });

  it('answers 409 on a stale version and saves with the current one', async () => {
    const current = (await put(profileBody({ address: 'Office 1, Dubai' }))).body.Content;
    const ok = await put({ ...profileBody({ address: 'Office 2, Dubai' }), version: current.version });
    expect(ok.status).toBe(200);
    expect(ok.body.Content.version).toBe(current.version + 1);
    const stale = await put({ ...profileBody({ address: 'Office 3, Dubai' }), version: current.version });
    expectErrorEnvelope(stale, 409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
  });

  it('version null (GET before the first save) means still unsaved: a second first save is a 409, not an overwrite', async () => {
    const fresh = (await registerTenants(api.app)).supplierId;
    const [a, b] = [bearer(await tokenFor(['admin'], { supplierId: fresh })), bearer(await tokenFor(['admin'], { supplierId: fresh }))];
    expect((await my(a)).body.Content.version).toBeNull();
    expect((await my(b)).body.Content.version).toBeNull();
    const first = await put({ ...profileBody({ code: 'AAA' }), version: null }, a);
    expect(first.status).toBe(200);
    const second = await put({ ...profileBody({ code: 'BBB' }), version: null }, b);
    expectErrorEnvelope(second, 409);
    expect(second.body.ErrorMessage).toMatch(/changed by someone else/);
    const read = await my(a, first.body.Content.position);
    expect(read.body.Content).toMatchObject({ code: 'AAA', version: first.body.Content.version });
    // With the version it now reads, the second admin saves.
    const retried = await put({ ...profileBody({ code: 'BBB' }), version: read.body.Content.version }, b);
    expect(retried.status).toBe(200);
    expect(retried.body.Content.code).toBe('BBB');
  });

  it('two first saves at the same moment: one lands, the other is a 409', async () => {
    const fresh = (await registerTenants(api.app)).supplierId;
    const headers = bearer(await tokenFor(['admin'], { supplierId: fresh }));
    const answers = await Promise.all(['ONE', 'TWO', 'THREE'].map((code) => put({ ...profileBody({ code }), version: null }, headers)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const events = await api.db('events').where({ stream_id: `supplierprofile-${fresh}` }).count({ n: '*' });
    expect(Number(events[0]!.n)).toBe(4);
  });

  it('a phone is free text up to 50 characters, as the admin screen now takes it too', async () => {
    const lines = { primary: { phone: 'WhatsApp only, ext. 12', email: '' }, secondary: blank, emergency: blank };
    const ok = await put(profileBody({ operationsSupport: lines }));
    expect(ok.status).toBe(200);
    expect(ok.body.Content.operationsSupport.primary.phone).toBe('WhatsApp only, ext. 12');
    const long = await put(profileBody({ operationsSupport: { ...lines, primary: { phone: '1'.repeat(51), email: '' } } }));
    expectErrorEnvelope(long, 400);
    expect(long.body.Content.errors).toEqual({ 'operationsSupport.primary.phone': ['Phone is at most 50 characters'] });
  });

  it('needs a business code and a legal name, valid emails and known countries, and refuses unknown fields', async () => {
    const res = await put(profileBody({ code: '', name: '   ' }));
    expectErrorEnvelope(res, 400);
    expect(res.body.Content.errors).toEqual({ code: ['Business code is required'], name: ['Legal name is required'] });
    const missing = await put({ ...profileBody(), code: undefined, name: undefined });
    expect(missing.body.Content.errors).toEqual({ code: ['Business code is required'], name: ['Legal name is required'] });

    const emails = await put(
      profileBody({
        customerSupport: { primary: { name: 'A', phone: '', email: 'not-an-email' }, secondary: blankNamed, emergency: blankNamed },
        accountsDepartment: { primary: { phone: '', email: 'x@' }, secondary: blank, emergency: blank },
      }),
    );
    expectErrorEnvelope(emails, 400);
    expect(emails.body.Content.errors).toEqual({
      'customerSupport.primary.email': ['Enter a valid email address'],
      'accountsDepartment.primary.email': ['Enter a valid email address'],
    });
    // Bank codes a payment would go astray with: an IBAN whose check digits do not hold, a SWIFT code of 5 characters.
    const bank = await put(profileBody({ paymentDetails: { accountNumber: '1', ibanNumber: 'AE07 0331 2345 6789 0123 457', swiftCode: 'EBILA', bankName: 'B', bankBranchAddress: '' } }));
    expectErrorEnvelope(bank, 400);
    expect(Object.keys(bank.body.Content.errors)).toEqual(['paymentDetails.ibanNumber', 'paymentDetails.swiftCode']);
    expect(bank.body.Content.errors['paymentDetails.ibanNumber'][0]).toMatch(/^Enter a valid IBAN/);
    const country = await put(profileBody({ countryId: 999 }));
    expectErrorEnvelope(country, 400);
    expect(country.body.ErrorMessage).toBe('Country not found');
    expectErrorEnvelope(await put(profileBody({ website: 'x' })), 400);
    expectErrorEnvelope(await put(profileBody({ customerSupport: 'nope' })), 400);
  });

  it('takes null for empty optional fields and countryId 0 as no country', async () => {
    const res = await put({
      ...profileBody({ address: null, taxRegistrationNumber: null, countryId: 0, paymentDetails: null, operationsSupport: null }),
      defaultSettings: { termsAndConditions: '<p><br></p>', faq: null, notesToClientPostBooking: '<p>Hi</p>' },
    });
    expect(res.status).toBe(200);
    expect(res.body.Content).toMatchObject({
      address: '',
      taxRegistrationNumber: '',
      countryId: null,
      paymentDetails: { accountNumber: '', ibanNumber: '', swiftCode: '', bankName: '', bankBranchAddress: '' },
      operationsSupport: { primary: blank, secondary: blank, emergency: blank },
      defaultSettings: { termsAndConditions: '', faq: '', notesToClientPostBooking: '<p>Hi</p>' },
    });
  });

  it('refuses cancellation policy rows with 0 hours or 0 percents, fractional hours and percents over 100', async () => {
    const zero = 'Cancellation policy: hours and refund percent must both be above 0';
    for (const [row, message] of [
      [{ hours: 0, percents: 50 }, zero],
      [{ hours: 24, percents: 0 }, zero],
      [{ hours: -5, percents: 50 }, zero],
      [{ hours: 1.5, percents: 50 }, 'Cancellation policy: hours must be a whole number of at least 1'],
      [{ hours: 12, percents: 101 }, 'Cancellation policy: refund percent must be between 1 and 100'],
    ] as const) {
      const res = await put(profileBody({ cancellationPolicy: [{ hours: 48, percents: 100 }, row] }));
      expectErrorEnvelope(res, 400);
      expect(res.body.Content.errors).toEqual({ 'cancellationPolicy.1': [message] });
      expect(res.body.ErrorMessage).toContain(message);
    }
    const dup = await put(profileBody({ cancellationPolicy: [{ hours: 24, percents: 50 }, { hours: 24, percents: 30 }, { hours: 96, percents: 100 }] }));
    expect(dup.body.Content.cancellationPolicy).toEqual([
      { hours: 96, percents: 100 },
      { hours: 24, percents: 50 },
      { hours: 24, percents: 30 },
    ]);
    const none = await put(profileBody({ cancellationPolicy: [] }));
    expect(none.body.Content.cancellationPolicy).toEqual([]);
  });

  it('sanitises rich text on the server: scripts, event handlers and javascript: links go, formatting stays', async () => {
    const res = await put(
      profileBody({
        defaultSettings: {
          termsAndConditions: '<p><strong>Bold</strong> and <em>it</em><script>alert(1)</script></p><ul><li>one</li></ul>',
          faq: '<p>Q<img src="x" onerror="alert(1)"></p><p onclick="steal()">A <a href="javascript:alert(1)">click</a> <a href="https://ok.example">ok</a> <a href="mailto:a@b.example">mail</a></p>',
          notesToClientPostBooking: '<p style="color:red">Hi</p><iframe src="https://evil.example"></iframe>',
        },
      }),
    );
    expect(res.status).toBe(200);
    const d = res.body.Content.defaultSettings;
    expect(d.termsAndConditions).toBe('<p><strong>Bold</strong> and <em>it</em></p><ul><li>one</li></ul>');
    expect(d.faq).toBe('<p>Q</p><p>A <a>click</a> <a href="https://ok.example">ok</a> <a href="mailto:a@b.example">mail</a></p>');
    expect(d.notesToClientPostBooking).toBe('<p>Hi</p>');
    const read = await my(admin, res.body.Content.position);
    expect(read.body.Content.defaultSettings).toEqual(d);
  });

  it('GET for admin, editor, operations and accounts; PUT for admin only; agents and signed-out callers are refused', async () => {
    for (const role of ['admin', 'editor', 'operations', 'accounts'] as const) expect((await my(bearer(await tokenFor([role], { supplierId })))).status).toBe(200);
    for (const role of ['editor', 'operations', 'accounts', 'agent'] as const) {
      expectErrorEnvelope(await put(profileBody(), bearer(await tokenFor([role], { supplierId }))), 403);
    }
    expectErrorEnvelope(await my(bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }))), 403);
    // An admin with no supplier has no profile to see or change.
    expectErrorEnvelope(await my(bearer(await tokenFor(['admin'], { supplierId: null }))), 403);
    expectErrorEnvelope(await put(profileBody(), bearer(await tokenFor(['admin'], { supplierId: null }))), 403);
    expectErrorEnvelope(await api.http.get('/api/suppliers/my'), 401);
  });
});
