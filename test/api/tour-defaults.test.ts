import { findSupplierByName } from '@tbo/read-models';
import { DEMO_SUPPLIER } from '../../apps/api/src/seed/seed-identity';
import { bearer, apiSuite, tokenFor } from '../support/api';
import { registerTenants } from '../support/identity';
import { seedDemo, unusedLanguageCodes } from '../support/reference';

/** Spec 01 §4: a 'use defaults' toggle is forced off when the account has no default content of that kind. */
describe("tours: 'use defaults' toggles follow the account's default content", () => {
  const api = apiSuite();
  let languageId: number;

  beforeAll(async () => {
    await seedDemo(api.app);
    const [code] = await unusedLanguageCodes(api.db, 1);
    const saved = await api.http.post('/api/languages').set(bearer(await tokenFor(['superadmin'], { supplierId: null }))).send({ id: 0, name: `Defaults ${code}`, code, isOffers: true, imgUrl: '/flags/xx.svg' });
    languageId = saved.body.Content.id;
    await api.settled('languages', saved.body.Content.position);
  });

  const body = {
    id: 0,
    nameInternal: 'DEF-01',
    nameDisplay: 'Defaults tour',
    languageId: 0,
    toursCategories: [1],
    isDefaultTermsAndConditions: true,
    isDefaultFaq: true,
    isDefaultNotesToClientsPostBooking: true,
    isDefaultCancellationPolicy: true,
    cancellationPolicy: [{ hours: 12, percents: 30 }],
  };
  const flags = (t: Record<string, unknown>) => [t.isDefaultTermsAndConditions, t.isDefaultFaq, t.isDefaultNotesToClientsPostBooking, t.isDefaultCancellationPolicy];

  it('keeps the toggles of an account that has every kind of default content (the demo supplier)', async () => {
    const demo = await findSupplierByName(api.db, DEMO_SUPPLIER.name);
    const res = await api.http.post('/api/tours').set(bearer(await tokenFor(['admin'], { supplierId: demo!.id }))).send({ ...body, languageId });
    expect(res.status).toBe(200);
    expect(flags(res.body.Content)).toEqual([true, true, true, true]);
    expect(res.body.Content.cancellationPolicy).toEqual([]);
  });

  it('forces them off for an account without a business profile, and keeps the custom policy', async () => {
    const fresh = await registerTenants(api.app);
    const res = await api.http.post('/api/tours').set(bearer(await tokenFor(['admin'], { supplierId: fresh.supplierId }))).send({ ...body, languageId });
    expect(res.status).toBe(200);
    expect(flags(res.body.Content)).toEqual([false, false, false, false]);
    expect(res.body.Content.cancellationPolicy).toEqual([{ hours: 12, percents: 30 }]);
  });
});
