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
    expect((await settings(supplierId)).body.Content).toEqual({ ...DEFAULTS, version: null });
    const commission = await api.http.get('/api/account/defaultcommission').set(bearer(await tokenFor(['accounts'], { supplierId })));
    expect(commission.body).toMatchObject({ IsOk: true, Content: 20 });
    const seeded = (await findSupplierByName(api.db, DEMO_SUPPLIER.name))!;
    expect((await settings(seeded.id)).body.Content).toEqual({ ...DEFAULTS, version: 0 });
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
    expect((await settings(supplierId, 'operations', saved.body.Content.position)).body.Content).toEqual({ ...expected, version: 0 });
    const commission = await api.http.get(`/api/account/defaultcommission?after=${saved.body.Content.position}`).set(bearer(await tokenFor(['editor'], { supplierId })));
    expect(commission.body.Content).toBe(15);
    expect((await settings(otherId)).body.Content).toEqual({ ...DEFAULTS, version: null });

    const stale = await put(supplierId, { ...body, defaultCommission: 10, version: 5 });
    expectErrorEnvelope(stale, 409);
  });

  it('GET answers the version a save sends back: a save over a newer one, or a first save over one made since, is a 409', async () => {
    const fresh = (await registerTenants(api.app)).supplierId;
    const read = (await settings(fresh, 'admin')).body.Content;
    expect(read.version).toBeNull();
    const first = await put(fresh, { ...read, defaultCommission: 12 });
    expect(first.status).toBe(200);
    expect(first.body.Content.version).toBe(0);
    // Another admin edited the defaults too (version null): their save must not overwrite the first one.
    const late = await put(fresh, { ...read, defaultCommission: 30 });
    expectErrorEnvelope(late, 409);
    expect(late.body.ErrorMessage).toMatch(/changed by someone else/);

    const current = (await settings(fresh, 'admin', first.body.Content.position)).body.Content;
    expect(current).toMatchObject({ defaultCommission: 12, version: 0 });
    const second = await put(fresh, { ...current, defaultCommission: 14 });
    expect(second.status).toBe(200);
    expect(second.body.Content.version).toBe(1);
    // Sent again with the version it was read at: someone saved since.
    expectErrorEnvelope(await put(fresh, { ...current, defaultCommission: 16 }), 409);
    expect((await settings(fresh, 'editor', second.body.Content.position)).body.Content).toMatchObject({ defaultCommission: 14, version: 1 });
  });

  it('validates the values and refuses non-admins', async () => {
    const bad = await put(otherId, { ...DEFAULTS, defaultCommission: 120, currencyConversionSettings: { ...DEFAULTS.currencyConversionSettings, convRate: 0, convType: 'add' } });
    expectErrorEnvelope(bad, 400);
    expect(bad.body.Content.errors).toEqual({
      defaultCommission: ['Default commission must be between 0 and 100'],
      'currencyConversionSettings.convRate': ['Conversion rate must be above 0'],
      'currencyConversionSettings.convType': ["Conversion type must be 'multiply' or 'divide'"],
    });
    // Prices are in dirhams and dollars: no other pair of currencies.
    const pair = await put(otherId, { ...DEFAULTS, currencyConversionSettings: { ...DEFAULTS.currencyConversionSettings, baseCurrency: 'XXX', secondaryCurrency: 'eur' } });
    expectErrorEnvelope(pair, 400);
    expect(pair.body.Content.errors).toEqual({ 'currencyConversionSettings.baseCurrency': ['Base currency must be AED'], 'currencyConversionSettings.secondaryCurrency': ['Secondary currency must be USD'] });
    expectErrorEnvelope(await put(otherId, DEFAULTS, 'editor'), 403);
    expectErrorEnvelope(await api.http.get('/api/account/settings').set(bearer(await tokenFor(['agent'], { supplierId: null, agencyId: 1 }))), 403);
    expectErrorEnvelope(await api.http.get('/api/account/defaultcommission'), 401);
  });
});
