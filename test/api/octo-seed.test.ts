import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { allProjections, waitForProjection } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { seedCatalog } from '../../apps/api/src/seed/seed-catalog';
import { seedContracts } from '../../apps/api/src/seed/seed-contracts';
import { seedLanguages } from '../../apps/api/src/seed/seed-languages';
import { OCTO_DEMO_TOUR_CODE, seedOctoProduct } from '../../apps/api/src/seed/seed-octo-product';
import { demoResellerKey, seedResellerKey } from '../../apps/api/src/seed/seed-reseller-key';
import { seedScheduling } from '../../apps/api/src/seed/seed-scheduling';
import { apiSuite } from '../support/api';
import { octoHeaders } from '../support/octo-setup';
import { seedDemo } from '../support/reference';

/**
 * The seed's OCTO demo product, as a reseller (or the standard's conformance tool) finds it with the demo key:
 * several available start times on most of the next 30 days.
 */
describe('the seed: an OCTO demo product to try the API on', () => {
  const api = apiSuite();

  const caughtUp = async () => {
    const store = api.app.get<EventStore>(EVENT_STORE);
    const head = await store.headPosition();
    if (!head) return;
    for (const { name } of allProjections) await waitForProjection(api.app.get<Knex>(KNEX), store, name, head, 30_000);
  };

  // In the seed's own order (seed.cli.ts): the other seeds add their part only to a supplier that has none yet.
  beforeAll(async () => {
    await seedDemo(api.app);
    await seedLanguages(api.app.get(CommandBus), api.db);
    await seedContracts(api.app, caughtUp);
    await seedResellerKey(api.app, caughtUp);
    await seedScheduling(api.app, caughtUp);
    await seedCatalog(api.app, caughtUp);
    await seedOctoProduct(api.app, caughtUp);
  }, 120_000);

  it('sells the demo product at several start times on most of the next 30 days, and is added once', async () => {
    const octo = octoHeaders(demoResellerKey());
    const products = await api.http.get('/octo/products').set(octo);
    expect(products.status).toBe(200);
    const product = (products.body as { id: string; reference: string; options: { id: string; availabilityLocalStartTimes: string[] }[] }[]).find((p) => p.reference === OCTO_DEMO_TOUR_CODE)!;
    expect(product.options[0]!.availabilityLocalStartTimes).toEqual(['09:00', '11:00', '16:00', '18:30']);

    const today = dubaiToday();
    const availability = await api.http
      .post('/octo/availability')
      .set(octo)
      .send({ productId: product.id, optionId: product.options[0]!.id, localDateStart: addDays(today, 1), localDateEnd: addDays(today, 30) });
    expect(availability.status).toBe(200);
    const startsByDate = new Map<string, number>();
    for (const a of availability.body as { localDateTimeStart: string; available: boolean }[]) {
      if (a.available) startsByDate.set(a.localDateTimeStart.slice(0, 10), (startsByDate.get(a.localDateTimeStart.slice(0, 10)) ?? 0) + 1);
    }
    expect([...startsByDate.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(25);

    expect(await seedOctoProduct(api.app, caughtUp)).toBe(0);
  });
});
