import {
  editCommission,
  editNet,
  editRecommended,
  emptyPrices,
  newValidPeriod,
  recomputeAll,
  round4,
  validatePrices,
  variantsFrom,
  vatK,
  type PriceSettings,
} from './price-model.pure';

const s: PriceSettings = { vatPercent: 5, convRate: 3.65, convType: 'multiply' };

describe('price model', () => {
  it('worked example: USD with VAT 100, VAT 5 %, rate 3.65 multiply, commission 20 %', () => {
    const p = editRecommended(emptyPrices(20), 'adult', 'usdVat', 100, s);
    expect(p.recommended.adult).toEqual({ usdVat: 100, usd: 95.2381, aedVat: 365, aed: 347.619 });
    expect(p.net.adult).toEqual({ usdVat: 80, usd: 76.1905, aedVat: 292, aed: 278.0952 });
    expect(vatK(5)).toBe(1.05);
    expect(validatePrices(p, { ...s, vatK: 1.05 }).ok).toBe(true);
  });

  it('the ValidPeriodPriced event example agrees with the model (child: AED with VAT 182.5)', () => {
    const p = editRecommended(emptyPrices(20), 'child', 'aedVat', 182.5, s);
    expect(p.recommended.child).toEqual({ aedVat: 182.5, aed: 173.8095, usdVat: 50, usd: 47.619 });
    expect(p.net.child).toEqual({ aedVat: 146, aed: 139.0476, usdVat: 40, usd: 38.0952 });
  });

  it.each([
    ['aedVat', 365],
    ['aed', 347.619047619],
    ['usd', 95.238095238],
  ] as const)('editing %s recomputes the other three', (variant, value) => {
    const p = editRecommended(emptyPrices(20), 'child', variant, value, s);
    expect(p.recommended.child).toEqual({ usdVat: 100, usd: 95.2381, aedVat: 365, aed: 347.619 });
    expect(p.net.child.usdVat).toBe(80);
    expect(p.recommended.adult.usdVat).toBeNull();
  });

  it('divide conversion: AED = USD ÷ rate', () => {
    const d: PriceSettings = { vatPercent: 5, convRate: 0.274, convType: 'divide' };
    const v = variantsFrom('usdVat', 100, d);
    expect(v.aedVat).toBe(364.9635);
    expect(v.usd).toBe(95.2381);
    expect(variantsFrom('aedVat', 365, d).usdVat).toBe(100.01);
  });

  it('an empty commission clears the nets; setting it again restores them', () => {
    let p = editRecommended(emptyPrices(20), 'trip', 'usdVat', 200, s);
    p = editCommission(p, 'trip', null, s);
    expect(p.net.trip).toEqual({ usdVat: null, usd: null, aedVat: null, aed: null });
    expect(validatePrices(p, s).ok).toBe(true);
    p = editCommission(p, 'trip', 10, s);
    expect(p.net.trip.usdVat).toBe(180);
    expect(p.net.trip.aedVat).toBe(657);
  });

  it('editing a net price recomputes that kind’s commission (and only that kind’s)', () => {
    let p = editRecommended(emptyPrices(20), 'adult', 'usdVat', 100, s);
    p = editRecommended(p, 'child', 'usdVat', 50, s);
    p = editNet(p, 'adult', 'aedVat', 292 * 0.875 / 0.8, s);
    expect(p.commissions).toEqual({ adult: 12.5, child: 20, trip: 20 });
    expect(p.net.adult.usdVat).toBe(87.5);
    expect(validatePrices(p, s).ok).toBe(true);
  });

  it('net edit giving a non-round commission still validates', () => {
    let p = editRecommended(emptyPrices(20), 'adult', 'aed', 333.33, s);
    p = editNet(p, 'adult', 'usd', 77.7777, s);
    expect(p.commissions.adult).toBe(round4((1 - 77.7777 / (p.recommended.adult.usd as number)) * 100));
    expect(validatePrices(p, s).ok).toBe(true);
  });

  it('rounds once: derived values never come from other rounded values', () => {
    const p = editRecommended(emptyPrices(20), 'adult', 'usdVat', 100, s);
    const chained = round4(round4(100 / 1.05) * 3.65); // 95.2381 × 3.65 = 347.619065 → 347.6191
    expect(chained).toBe(347.6191);
    expect(p.recommended.adult.aed).toBe(347.619);
  });

  it('refuses inconsistent prices (tolerance 0.0001)', () => {
    const p = editRecommended(emptyPrices(20), 'adult', 'usdVat', 100, s);
    const off = { ...p, recommended: { ...p.recommended, adult: { ...p.recommended.adult, aed: 347.62 } } };
    const check = validatePrices(off, s);
    expect(check.ok).toBe(false);
    expect(Object.keys(check.errors)).toEqual(['recommended.adult']);

    const wrongNet = { ...p, commissions: { ...p.commissions, adult: 25 } };
    expect(validatePrices(wrongNet, s).errors['net.adult']).toBeDefined();

    const netsWithoutCommission = { ...p, commissions: { ...p.commissions, adult: null } };
    expect(validatePrices(netsWithoutCommission, s).ok).toBe(false);

    expect(validatePrices(p, { ...s, vatK: 1.5 }).errors.vatK).toBeDefined();
    const within = { ...p, recommended: { ...p.recommended, adult: { ...p.recommended.adult, aed: 347.6191 } } };
    expect(validatePrices(within, s).ok).toBe(true);
  });

  it('recomputeAll repairs derived values from the inputs', () => {
    const p = editRecommended(emptyPrices(20), 'adult', 'usdVat', 100, s);
    const broken = { ...p, net: { ...p.net, adult: { usdVat: 1, usd: 2, aedVat: 3, aed: 4 } } };
    expect(validatePrices(broken, s).ok).toBe(false);
    const fixed = recomputeAll(broken, s);
    expect(fixed.net.adult.usdVat).toBe(80);
    expect(validatePrices(fixed, s).ok).toBe(true);
  });

  describe('newValidPeriod (Dubai business day, UTC+4)', () => {
    it('starts today at noon Dubai time and ends one month later', () => {
      expect(newValidPeriod(new Date('2026-11-22T05:00:00Z'))).toEqual({ periodStart: '2026-11-22T08:00:00.000Z', periodEnd: '2026-12-22T08:00:00.000Z' });
    });
    it('uses the Dubai date, not the UTC date, late in the UTC evening', () => {
      expect(newValidPeriod(new Date('2026-11-21T22:30:00Z')).periodStart).toBe('2026-11-22T08:00:00.000Z');
    });
    it('clamps to the end of a shorter month and crosses the year', () => {
      expect(newValidPeriod(new Date('2027-01-31T06:00:00Z')).periodEnd).toBe('2027-02-28T08:00:00.000Z');
      expect(newValidPeriod(new Date('2026-12-15T06:00:00Z')).periodEnd).toBe('2027-01-15T08:00:00.000Z');
    });
  });
});
