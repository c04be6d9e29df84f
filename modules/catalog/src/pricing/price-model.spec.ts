import fc from 'fast-check';
import {
  businessDateOf,
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
  vatTaxOf,
  PRICE_KINDS,
  PRICE_VARIANTS,
  type PriceKind,
  type PriceSettings,
  type PriceVariant,
  type ValidPeriodPrices,
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

  it('a commission change derives the nets from the variant typed, not from a rounded derived one (AED 26, 20 % → 10 %)', () => {
    let p = editRecommended(emptyPrices(20), 'adult', 'aed', 26, s);
    p = editCommission(p, 'adult', 10, s);
    expect(p.net.adult.aed).toBe(23.4);
    expect(p.net.adult.aedVat).toBe(24.57);
    expect(validatePrices(p, { ...s, vatK: 1.05 })).toEqual({ ok: true, errors: {} });
    // recomputeAll (new settings) keeps deriving from the typed variant: AED stays as typed.
    const again = recomputeAll(p, { vatPercent: 10, convRate: 4, convType: 'multiply' });
    expect(again.recommended.adult.aed).toBe(26);
    expect(again.net.adult.aed).toBe(23.4);
    expect(validatePrices(again, { vatPercent: 10, convRate: 4, convType: 'multiply' }).ok).toBe(true);
  });

  describe('every edit sequence gives prices the server accepts (property)', () => {
    const settingsArb = fc.constantFrom<PriceSettings>(
      { vatPercent: 5, convRate: 3.65, convType: 'multiply' },
      { vatPercent: 0, convRate: 3.6725, convType: 'multiply' },
      { vatPercent: 10, convRate: 4, convType: 'multiply' },
      { vatPercent: 5, convRate: 0.274, convType: 'divide' },
    );
    const kindArb = fc.constantFrom<PriceKind>(...PRICE_KINDS);
    const variantArb = fc.constantFrom<PriceVariant>(...PRICE_VARIANTS);
    /** A price as the grid takes it: 1 to 5000, at most 4 decimals. */
    const priceArb = fc.integer({ min: 10_000, max: 50_000_000 }).map((n) => n / 10_000);
    /** A commission 0 to 50 %, whole or with decimals (null: emptied). */
    const commissionArb = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 500_000 }).map((n) => n / 10_000), fc.constant(null));
    type Edit =
      | { op: 'rec'; kind: PriceKind; variant: PriceVariant; value: number }
      | { op: 'commission'; kind: PriceKind; value: number | null }
      | { op: 'net'; kind: PriceKind; variant: PriceVariant; commission: number };
    const editArb: fc.Arbitrary<Edit> = fc.oneof(
      fc.record({ op: fc.constant('rec' as const), kind: kindArb, variant: variantArb, value: priceArb }),
      fc.record({ op: fc.constant('commission' as const), kind: kindArb, value: commissionArb }),
      // A net typed where the grid shows it: the recommended price less 0–50 %, to 4 decimals.
      fc.record({ op: fc.constant('net' as const), kind: kindArb, variant: variantArb, commission: fc.integer({ min: 0, max: 500_000 }).map((n) => n / 10_000) }),
    );
    const apply = (p: ValidPeriodPrices, e: Edit, st: PriceSettings): ValidPeriodPrices => {
      if (e.op === 'rec') return editRecommended(p, e.kind, e.variant, e.value, st);
      if (e.op === 'commission') return editCommission(p, e.kind, e.value, st);
      const rec = p.recommended[e.kind][e.variant];
      if (rec === null || p.commissions[e.kind] === null) return p;
      return editNet(p, e.kind, e.variant, round4(rec * (1 - e.commission / 100)), st);
    };

    it('after each edit, with the settings the period is priced with', () => {
      fc.assert(
        fc.property(settingsArb, fc.constantFrom(20, 0, 15), fc.array(editArb, { minLength: 1, maxLength: 12 }), (st, defaultCommission, edits) => {
          let p = emptyPrices(defaultCommission);
          for (const e of edits) {
            p = apply(p, e, st);
            const check = validatePrices(p, { ...st, vatK: vatK(st.vatPercent) });
            if (!check.ok) throw new Error(`${JSON.stringify(check.errors)} after ${JSON.stringify(e)}: ${JSON.stringify(p)}`);
          }
        }),
        { numRuns: 3000 },
      );
    });

    it('after recomputing with other settings', () => {
      fc.assert(
        fc.property(settingsArb, settingsArb, fc.array(editArb, { minLength: 1, maxLength: 8 }), (before, after, edits) => {
          const p = recomputeAll(
            edits.reduce((acc, e) => apply(acc, e, before), emptyPrices(20)),
            after,
          );
          expect(validatePrices(p, after).errors).toEqual({});
        }),
        { numRuns: 1000 },
      );
    });
  });

  it("takes the tax named 'VAT' (any case, trimmed) as the VAT, else the first, else none", () => {
    expect(vatTaxOf([{ name: 'Tourism dirham', amount: 10 }, { name: ' Vat', amount: 5 }])).toEqual({ name: ' Vat', amount: 5 });
    expect(vatTaxOf([{ name: 'Sales tax', amount: 7 }, { name: 'City fee', amount: 2 }])).toEqual({ name: 'Sales tax', amount: 7 });
    expect(vatTaxOf([])).toBeUndefined();
  });

  it('shows an instant as its Dubai business date', () => {
    expect(businessDateOf('2026-12-01T08:00:00.000Z')).toBe('01.12.2026');
    expect(businessDateOf('2026-11-30T21:00:00.000Z')).toBe('01.12.2026');
    expect(businessDateOf(null)).toBe('');
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
