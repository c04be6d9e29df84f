import { flatFromPrices } from '@tbo/catalog/src/pricing/flat-prices.pure';
import { businessDateOf, defaultPriceSettings, editRecommended, emptyPrices, type PriceKind } from '@tbo/catalog/src/pricing/price-model.pure';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { bookableSuite, bookingBody } from '../support/booking';
import { periodFromYesterday } from '../support/catalog';

/*
 * The rules that keep a ticket from selling for 0, or at whichever period was saved first, or at a commission the
 * agent does not get, through the API the tester used. The setup's period runs from yesterday for 60 days (adult
 * USD with VAT 100 at 20 %, child 50 at 20 %) on an offer allowing children.
 */
describe('valid periods: prices required, no overlaps, one period per date; commission shown; ages', () => {
  const { api, s } = bookableSuite();

  /** Consistent flat prices (USD with VAT) and commissions; a kind left out has no price. */
  const flat = (usdVat: Partial<Record<PriceKind, number>>, commissions: Partial<Record<PriceKind, number | null>> = {}) => {
    let p = emptyPrices(null);
    for (const [kind, c] of Object.entries(commissions) as [PriceKind, number | null][]) p.commissions[kind] = c;
    for (const [kind, v] of Object.entries(usdVat) as [PriceKind, number][]) p = editRecommended(p, kind, 'usdVat', v, defaultPriceSettings());
    return flatFromPrices(p);
  };
  const savePeriod = (body: object) => api.http.post('/api/validperiods').set(s.admin).send(body);
  const newOffer = async (over: Record<string, unknown>) => {
    const res = await api.http.post('/api/offers').set(s.admin).send({ id: 0, tourId: s.tourId, nameInternal: `VP-${Math.random().toString(36).slice(2, 7)}`, nameDisplay: 'Rules', maxNumOfPeople: 30, numberOfHours: 4, timeSlots: [s.timeSlotId], ...over });
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; version: number } & Record<string, unknown>;
  };
  const priceOn = async (offerId: number, date: string) => {
    const res = await api.http.get(`/api/agent/offers/price?tourId=${s.tourId}&date=${date}&offerId=${offerId}`).set(s.agent);
    expect(res.status).toBe(200);
    return res.body.Content[0] as Record<string, unknown> & { prices: Record<string, unknown> };
  };

  it('refuses a period without prices, naming the adult and (children allowed) the child price', async () => {
    const res = await savePeriod({ id: 0, offerId: s.offerId, periodStart: '2030-03-01T08:00:00Z', periodEnd: '2030-04-01T08:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.ErrorMessage).toBe('An adult price or a trip price is required');
    expect(res.body.Content.errors).toEqual({
      'recommended.adult': ['An adult price or a trip price is required'],
      'recommended.child': ['A child price or a trip price is required when the ticket allows children'],
    });
    const adultOnly = await savePeriod({ ...periodFromYesterday(s.offerId, 0), periodStart: '2030-03-01T08:00:00Z', periodEnd: '2030-04-01T08:00:00Z' });
    expect(adultOnly.status).toBe(400);
    expect(adultOnly.body.Content.errors).toEqual({ 'recommended.child': ['A child price or a trip price is required when the ticket allows children'] });
    // A trip price alone prices the whole party.
    const trip = await savePeriod({ id: 0, offerId: s.offerId, periodStart: '2030-03-01T08:00:00Z', periodEnd: '2030-04-01T08:00:00Z', ...flat({ trip: 260 }) });
    expect(trip.status).toBe(200);
  });

  it('refuses a period overlapping another of the offer, saying which in Dubai dates; back to back is fine and takes the shared day', async () => {
    const today = dubaiToday();
    const setupStart = `${addDays(today, -1)}T08:00:00.000Z`;
    const setupEnd = `${addDays(today, 60)}T08:00:00.000Z`;
    const overlapping = await savePeriod({ ...periodFromYesterday(s.offerId, 0), ...flat({ adult: 200, child: 100 }), periodStart: `${addDays(today, 30)}T08:00:00.000Z`, periodEnd: `${addDays(today, 90)}T08:00:00.000Z` });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.ErrorMessage).toBe(`The period overlaps ${businessDateOf(setupStart)}–${businessDateOf(setupEnd)}`);
    expect(overlapping.body.Content.errors.periodStart).toEqual([`The period overlaps ${businessDateOf(setupStart)}–${businessDateOf(setupEnd)}`]);

    const next = await savePeriod({ ...periodFromYesterday(s.offerId, 0), ...flat({ adult: 200, child: 100 }), periodStart: setupEnd, periodEnd: `${addDays(today, 90)}T08:00:00.000Z` });
    expect(next.status).toBe(200);
    await api.settled('offers', next.body.Content.position);
    // The last day of the first period is the first of the next: priced by the next, whichever was saved first.
    expect(await priceOn(s.offerId, addDays(today, 59))).toMatchObject({ periodEnd: setupEnd, pricePerAdultRec: 100 });
    expect(await priceOn(s.offerId, addDays(today, 60))).toMatchObject({ periodStart: setupEnd, pricePerAdultRec: 200 });
  });

  it('refuses to book children free when the period has no child price (the offer allowed children after its period was saved)', async () => {
    const offer = await newOffer({ childrenAllowed: false });
    const period = await savePeriod(periodFromYesterday(offer.id, 60));
    expect(period.status).toBe(200);
    const changed = await api.http.put('/api/offers').set(s.admin).send({ ...offer, childrenAllowed: true, version: period.body.Content.version });
    expect(changed.status).toBe(200);
    await api.settled('offers', changed.body.Content.position);

    const res = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { offerId: offer.id, adults: 2, children: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.ErrorMessage).toBe('No price is set for children on the chosen date');
    expect(res.body.Content.errors.children).toEqual(['No price is set for children on the chosen date']);
    const adults = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { offerId: offer.id, adults: 2 }));
    expect(adults.status).toBe(200);
  });

  it('answers the commission the agent earns: 0 on an empty adult commission, per kind beside it', async () => {
    const offer = await newOffer({ childrenAllowed: true });
    const period = await savePeriod({ ...periodFromYesterday(offer.id, 60), ...flat({ adult: 100, child: 50 }, { adult: null, child: 30 }) });
    expect(period.status).toBe(200);
    await api.settled('offers', period.body.Content.position);
    expect(await priceOn(offer.id, s.date)).toMatchObject({
      pricePerAdult: 100, pricePerAdultRec: 100, pricePerChild: 35, pricePerChildRec: 50,
      commission: 0, commissionPerAdult: 0, commissionPerChild: 30, commissionPerTrip: 0,
      prices: { adultNetUsd: 100, childNetUsd: 35, commission: 0, commissionSource: 'period' },
    });
  });

  it('refuses an infant age at or above the child age when the ticket sells both', async () => {
    const res = await api.http.post('/api/offers').set(s.admin).send({ id: 0, tourId: s.tourId, nameInternal: 'VP-AGES', nameDisplay: 'Ages', maxNumOfPeople: 30, numberOfHours: 4, childrenAllowed: true, infantsAllowed: true, childAge: 2, infantAge: 5 });
    expect(res.status).toBe(400);
    expect(res.body.ErrorMessage).toBe('Infant age must be less than child age');
    expect(res.body.Content.errors.infantAge).toEqual(['Infant age must be less than child age']);
    const offer = await newOffer({ childrenAllowed: true, infantsAllowed: true, childAge: 12, infantAge: 3 });
    const put = await api.http.put('/api/offers').set(s.admin).send({ ...offer, childAge: 2, infantAge: 5 });
    expect(put.status).toBe(400);
    expect(put.body.Content.errors.infantAge).toEqual(['Infant age must be less than child age']);
  });
});
