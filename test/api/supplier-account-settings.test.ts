import { findSupplierByName } from '@tbo/read-models';
import { DEMO_SUPPLIER } from '../../apps/api/src/seed/seed-identity';
import { bearer, expectErrorEnvelope, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo } from '../support/reference';

const DEFAULTS = {
  taxes: [{ name: 'VAT', amount: 5, amountK: 1.05 }],
  defaultCommission: 20,
  currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' },
};

describe('account settings: taxes, default commission, currency conversion', () => {
  const api = apiSuite();
  let supplierId: number;
  let otherId: number;

  beforeAll(async () => {
    await seedDemo(api.app);
    supplierId = (await registerTenants(api.app)).supplierId;
    otherId = (await registerTenants(api.app)).supplierId;
  });

  const settings = async (id: number, role: 'admin' | 'editor' | 'operations' | 'accounts' = 'editor', after?: string) =>
    api.http.get(`/api/account/settings${after ? `?after=${after}` : ''}`).set(bearer(await tokenFor([role], { supplierId: id })));
  const put = async (id: number, body: object, role: 'admin' | 'editor' = 'admin') => api.http.put('/api/account/settings').set(bearer(await tokenFor([role], { supplierId: id }))).send(body);

  it('answers the platform defaults until a supplier saves its own, and the seeded supplier states them', async () => {
    expect((await settings(supplierId)).body.Content).toEqual(DEFAULTS);
    const commission = await api.http.get('/api/account/defaultcommission').set(bearer(await tokenFor(['accounts'], { supplierId })));
    expect(commission.body).toMatchObject({ IsOk: true, Content: 20 });
    const seeded = (await findSupplierByName(api.db, DEMO_SUPPLIER.name))!;
    expect((await settings(seeded.id)).body.Content).toEqual(DEFAULTS);
    const events = await api.db('events').where({ stream_id: `supplieraccount-${seeded.id}` });
    expect(events).toHaveLength(1);
  });

  it("an admin changes its supplier's settings; the factor is derived; other suppliers keep theirs", async () => {
    const body = {
      taxes: [
        { name: 'VAT', amount: 5, amountK: 99 },
        { name: 'Tourism Dirham', amount: 2 },
      ],
      defaultCommission: 15,
      currencyConversionSettings: { baseCurrency: 'aed', secondaryCurrency: 'USD', convRate: 3.6725, convType: 'multiply' },
    };
    const saved = await put(supplierId, body);
    expect(saved.status).toBe(200);
    const expected = {
      taxes: [
        { name: 'VAT', amount: 5, amountK: 1.05 },
        { name: 'Tourism Dirham', amount: 2, amountK: 1.02 },
      ],
      defaultCommission: 15,
      currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.6725, convType: 'multiply' },
    };
    expect(saved.body.Content).toEqual({ ...expected, version: 0, position: expect.any(String) });
    expect((await settings(supplierId, 'operations', saved.body.Content.position)).body.Content).toEqual(expected);
    const commission = await api.http.get(`/api/account/defaultcommission?after=${saved.body.Content.position}`).set(bearer(await tokenFor(['editor'], { supplierId })));
    expect(commission.body.Content).toBe(15);
    expect((await settings(otherId)).body.Content).toEqual(DEFAULTS);

    const stale = await put(supplierId, { ...body, defaultCommission: 10, version: 5 });
    expectErrorEnvelope(stale, 409);
  });

  it('validates the values and refuses non-admins', async () => {
    const bad = await put(otherId, { ...DEFAULTS, defaultCommission: 120, currencyConversionSettings: { ...DEFAULTS.currencyConversionSettings, convRate: 0, convType: 'add' } });
    expectErrorEnvelope(bad, 400);
    expect(bad.body.Content.errors).toEqual({
      defaultCommission: ['Default commission must be between 0 and 100'],
      'currencyConversionSettings.convRate': ['Conversion rate must be above 0'],
      'currencyConversionSettings.convType': ["Conversion type must be 'multiply' or 'divide'"],
    });
    expectErrorEnvelope(await put(otherId, DEFAULTS, 'editor'), 403);
    expectErrorEnvelope(await api.http.get('/api/account/settings').set(bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }))), 403);
    expectErrorEnvelope(await api.http.get('/api/account/defaultcommission'), 401);
  });
});
