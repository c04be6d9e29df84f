/**
 * The valid-period price model (spec 01 §4 "Price model", §9). Pure: no imports, so the web
 * client and the server compute exactly the same numbers.
 *
 * Currencies: base AED, secondary USD. Conversion (`convType`, `convRate`):
 *   - 'multiply': AED = USD × convRate   (default, convRate 3.65 AED per USD)
 *   - 'divide':   AED = USD ÷ convRate   (convRate given as USD per AED, e.g. 0.274)
 * VAT: withVat = withoutVat × vatK, vatK = 1 + vatPercent / 100 (5 % → 1.05).
 * Net = recommended × (1 − commission / 100), per kind (adult, child, trip).
 *
 * Rounding: every derived value is computed from the value the user edited, with unrounded
 * intermediates, and rounded ONCE to 4 decimals (never chained from another rounded value).
 */

export type PriceKind = 'adult' | 'child' | 'trip';
export type PriceVariant = 'aedVat' | 'aed' | 'usdVat' | 'usd';
export type ConvType = 'multiply' | 'divide';

export const PRICE_KINDS: readonly PriceKind[] = ['adult', 'child', 'trip'];
/** Order in which a source variant is looked for when checking consistency. */
export const PRICE_VARIANTS: readonly PriceVariant[] = ['usdVat', 'usd', 'aedVat', 'aed'];

export const DEFAULT_VAT_PERCENT = 5;
export const DEFAULT_CONV_RATE = 3.65;
export const DEFAULT_COMMISSION = 20;
export const PRICE_DECIMALS = 4;
export const PRICE_TOLERANCE = 0.0001;
/** Dubai is UTC+4 all year (no daylight saving). */
export const BUSINESS_UTC_OFFSET_HOURS = 4;

export type PriceVariants = Record<PriceVariant, number | null>;

export interface PriceSettings {
  vatPercent: number;
  convRate: number;
  convType: ConvType;
}

export interface ValidPeriodPrices {
  recommended: Record<PriceKind, PriceVariants>;
  net: Record<PriceKind, PriceVariants>;
  /** Commission percent per kind; null (empty) means no net prices. */
  commissions: Record<PriceKind, number | null>;
  /**
   * The recommended variant the user typed, per kind (set by editRecommended): the nets are derived from it when
   * the commission changes, never from another variant that is itself a rounded derived value. Kept in the
   * editor only (not in the flat API shape); a period read back has none, and the first variant the four agree
   * with stands in.
   */
  typed?: Partial<Record<PriceKind, PriceVariant>>;
}

export const defaultPriceSettings = (): PriceSettings => ({ vatPercent: DEFAULT_VAT_PERCENT, convRate: DEFAULT_CONV_RATE, convType: 'multiply' });

export const vatK = (vatPercent: number): number => round4(1 + vatPercent / 100);

/**
 * Which of the account's taxes is the VAT a period is priced with: the one named 'VAT' (any case, spaces
 * trimmed), else the first; none when the account has no taxes. The server's pricing settings and the
 * browser's period editor both ask this, so they never price with different taxes.
 */
export function vatTaxOf<T extends { name: string }>(taxes: readonly T[]): T | undefined {
  return taxes.find((t) => t.name.trim().toUpperCase() === 'VAT') ?? taxes[0];
}

/** Half away from zero at 4 decimals; the epsilon nudge keeps 0.00005-style halves from falling below. */
export function round4(x: number): number {
  const f = 10 ** PRICE_DECIMALS;
  return (Math.sign(x) * Math.round(Math.abs(x) * f * (1 + Number.EPSILON))) / f;
}

export const emptyVariants = (): PriceVariants => ({ aedVat: null, aed: null, usdVat: null, usd: null });

export function emptyPrices(defaultCommission: number | null = DEFAULT_COMMISSION): ValidPeriodPrices {
  return {
    recommended: { adult: emptyVariants(), child: emptyVariants(), trip: emptyVariants() },
    net: { adult: emptyVariants(), child: emptyVariants(), trip: emptyVariants() },
    commissions: { adult: defaultCommission, child: defaultCommission, trip: defaultCommission },
  };
}

const k = (s: PriceSettings) => 1 + s.vatPercent / 100;
const usdToAed = (usd: number, s: PriceSettings) => (s.convType === 'multiply' ? usd * s.convRate : usd / s.convRate);
const aedToUsd = (aed: number, s: PriceSettings) => (s.convType === 'multiply' ? aed / s.convRate : aed * s.convRate);

/** The exact (unrounded) USD-without-VAT value behind one variant's value. */
function toUsdNoVat(variant: PriceVariant, value: number, s: PriceSettings): number {
  switch (variant) {
    case 'usd':
      return value;
    case 'usdVat':
      return value / k(s);
    case 'aed':
      return aedToUsd(value, s);
    case 'aedVat':
      return aedToUsd(value / k(s), s);
  }
}

function fromUsdNoVat(variant: PriceVariant, usd: number, s: PriceSettings): number {
  switch (variant) {
    case 'usd':
      return usd;
    case 'usdVat':
      return usd * k(s);
    case 'aed':
      return usdToAed(usd, s);
    case 'aedVat':
      return usdToAed(usd, s) * k(s);
  }
}

/** All four variants from one edited value: the edited one kept (rounded), the others derived and rounded once. */
export function variantsFrom(edited: PriceVariant, value: number | null, s: PriceSettings): PriceVariants {
  if (value === null || !Number.isFinite(value)) return emptyVariants();
  const usd = toUsdNoVat(edited, value, s);
  const out = emptyVariants();
  for (const v of PRICE_VARIANTS) out[v] = v === edited ? round4(value) : round4(fromUsdNoVat(v, usd, s));
  return out;
}

const netFactor = (commission: number) => 1 - commission / 100;

function clone(p: ValidPeriodPrices): ValidPeriodPrices {
  return {
    recommended: { adult: { ...p.recommended.adult }, child: { ...p.recommended.child }, trip: { ...p.recommended.trip } },
    net: { adult: { ...p.net.adult }, child: { ...p.net.child }, trip: { ...p.net.trip } },
    commissions: { ...p.commissions },
    ...(p.typed ? { typed: { ...p.typed } } : {}),
  };
}

/** The user typed a recommended price: the other three variants and the kind's nets follow; the variant is remembered. */
export function editRecommended(p: ValidPeriodPrices, kind: PriceKind, variant: PriceVariant, value: number | null, s: PriceSettings): ValidPeriodPrices {
  const out = clone(p);
  out.recommended[kind] = variantsFrom(variant, value, s);
  const typed = { ...out.typed };
  if (value === null || !Number.isFinite(value)) delete typed[kind];
  else typed[kind] = variant;
  out.typed = typed;
  const c = out.commissions[kind];
  out.net[kind] = c === null || value === null ? emptyVariants() : variantsFrom(variant, value * netFactor(c), s);
  return out;
}

/** The user typed a net price: the other net variants follow and the kind's commission is recomputed. */
export function editNet(p: ValidPeriodPrices, kind: PriceKind, variant: PriceVariant, value: number | null, s: PriceSettings): ValidPeriodPrices {
  const out = clone(p);
  out.net[kind] = variantsFrom(variant, value, s);
  const rec = out.recommended[kind][variant];
  if (value === null) out.commissions[kind] = null;
  else if (rec !== null && rec !== 0) out.commissions[kind] = round4((1 - value / rec) * 100);
  return out;
}

/** The first variant that is set. */
function recommendedSource(v: PriceVariants): PriceVariant | null {
  return PRICE_VARIANTS.find((x) => v[x] !== null) ?? null;
}

/**
 * Within the tolerance. The slack is relative: two 4-decimal values 0.0001 apart differ by a little more than that
 * in binary (by about 4e-12 at 16 000 AED), which an absolute 1e-12 wrongly refused.
 */
const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) <= PRICE_TOLERANCE + 1e-12 * Math.max(1, Math.abs(a), Math.abs(b)));
const sameVariants = (a: PriceVariants, b: PriceVariants) => PRICE_VARIANTS.every((v) => close(a[v], b[v]));

/** Every variant the four values could have been derived from (all consistent with it), in PRICE_VARIANTS order. */
function consistentSources(v: PriceVariants, s: PriceSettings): PriceVariant[] {
  return PRICE_VARIANTS.filter((x) => v[x] !== null && sameVariants(variantsFrom(x, v[x], s), v));
}

/** A variant the four values were derived from (all consistent with it), or null when none is. */
function consistentSource(v: PriceVariants, s: PriceSettings): PriceVariant | null {
  return consistentSources(v, s)[0] ?? null;
}

/**
 * The recommended variant a kind's values are derived from: the one the user typed while it is still set, else
 * the first the four agree with, else the first set one (a period read back from the API has no typed variant).
 */
function sourceOf(p: ValidPeriodPrices, kind: PriceKind, s: PriceSettings): PriceVariant | null {
  const rec = p.recommended[kind];
  const typed = p.typed?.[kind];
  if (typed && rec[typed] !== null) return typed;
  return consistentSource(rec, s) ?? recommendedSource(rec);
}

/** The user typed a commission: the nets follow (from the typed recommended variant); an empty commission clears them. */
export function editCommission(p: ValidPeriodPrices, kind: PriceKind, commission: number | null, s: PriceSettings): ValidPeriodPrices {
  const out = clone(p);
  out.commissions[kind] = commission;
  const src = sourceOf(out, kind, s);
  const rec = src ? out.recommended[kind][src] : null;
  out.net[kind] = commission === null || src === null || rec === null ? emptyVariants() : variantsFrom(src, rec * netFactor(commission), s);
  return out;
}

export interface PriceCheck {
  ok: boolean;
  /** Field → messages, ready for a ValidationError's details. */
  errors: Record<string, string[]>;
}

/**
 * The server's check before saving a valid period: every kind's four recommended variants agree
 * through VAT and the rate, the nets agree among themselves, and the nets agree with the
 * commission (either nets from the commission and any recommended variant the four agree with, which
 * is the one the user typed, or the commission from an edited net). Tolerance 0.0001.
 */
export function validatePrices(p: ValidPeriodPrices, s: PriceSettings & { vatK?: number }): PriceCheck {
  const errors: Record<string, string[]> = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  if (s.vatK !== undefined && !close(s.vatK, 1 + s.vatPercent / 100)) add('vatK', `vatK must be 1 + vat/100 (${round4(1 + s.vatPercent / 100)})`);
  if (!(s.convRate > 0)) add('convRate', 'Conversion rate must be positive');
  if (Object.keys(errors).length) return { ok: false, errors };

  for (const kind of PRICE_KINDS) {
    const rec = p.recommended[kind];
    const net = p.net[kind];
    const c = p.commissions[kind];
    const allNull = (v: PriceVariants) => PRICE_VARIANTS.every((x) => v[x] === null);
    if (PRICE_VARIANTS.some((x) => (rec[x] ?? 0) < 0 || (net[x] ?? 0) < 0)) add(kind, `${kind} prices cannot be negative`);
    if (c !== null && (c < 0 || c > 100)) add(`commission.${kind}`, 'Commission must be between 0 and 100');

    if (allNull(rec)) {
      if (!allNull(net)) add(`net.${kind}`, `Net ${kind} prices need recommended prices`);
      continue;
    }
    const recSrc = consistentSource(rec, s);
    if (!recSrc) {
      add(`recommended.${kind}`, `Recommended ${kind} prices do not agree with VAT and the conversion rate`);
      continue;
    }
    if (c === null) {
      if (!allNull(net)) add(`net.${kind}`, `Net ${kind} prices must be empty when the commission is empty`);
      continue;
    }
    const netSrc = consistentSource(net, s);
    if (!netSrc) {
      add(`net.${kind}`, `Net ${kind} prices do not agree with VAT and the conversion rate`);
      continue;
    }
    // The nets agree with the commission when they are what it gives from a recommended variant the four agree
    // with (whichever the user typed), or when it is what a net variant the four nets agree with gives.
    const fromCommission = (src: PriceVariant) => sameVariants(variantsFrom(src, (rec[src] as number) * netFactor(c), s), net);
    const commissionFromNet = (src: PriceVariant) => {
      const r = rec[src];
      return r ? close(round4((1 - (net[src] as number) / r) * 100), c) : false;
    };
    if (!consistentSources(rec, s).some(fromCommission) && !consistentSources(net, s).some(commissionFromNet)) {
      add(`net.${kind}`, `Net ${kind} prices do not agree with the commission ${c} %`);
    }
  }
  return { ok: Object.keys(errors).length === 0, errors };
}

/** A kind is priced when any of its recommended variants is set (validatePrices checks the four agree). */
export const isPriced = (p: ValidPeriodPrices, kind: PriceKind): boolean => PRICE_VARIANTS.some((v) => p.recommended[kind][v] !== null);

export const MISSING_PRICE_MESSAGES = {
  adult: 'An adult price or a trip price is required',
  child: 'A child price or a trip price is required when the ticket allows children',
} as const;

/**
 * The prices a period must have to sell what the ticket allows: every booking has an adult, so an adult or a trip
 * price; children too when allowed. A trip price alone is enough (a private car's price does not count heads), but
 * without any of them the booking would be sold for 0. Field → messages, like validatePrices.
 */
export function missingPriceProblems(p: ValidPeriodPrices, childrenAllowed: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const trip = isPriced(p, 'trip');
  if (!trip && !isPriced(p, 'adult')) errors['recommended.adult'] = [MISSING_PRICE_MESSAGES.adult];
  if (childrenAllowed && !trip && !isPriced(p, 'child')) errors['recommended.child'] = [MISSING_PRICE_MESSAGES.child];
  return errors;
}

/**
 * Recomputes every derived value from one source per kind (the recommended variant the user typed, else the
 * first consistent one, then the commission): what the editor sends after the settings changed.
 */
export function recomputeAll(p: ValidPeriodPrices, s: PriceSettings): ValidPeriodPrices {
  let out = clone(p);
  for (const kind of PRICE_KINDS) {
    const src = sourceOf(out, kind, s);
    out.recommended[kind] = src ? variantsFrom(src, out.recommended[kind][src], s) : emptyVariants();
    out = editCommission(out, kind, out.commissions[kind], s);
  }
  return out;
}

/**
 * A new valid period (spec 01 §4, §9): starts today at 12:00 and ends one month later at 12:00.
 * "Today" and "noon" are the supplier's business day in Dubai (Asia/Dubai, UTC+4, no DST), not
 * UTC: at 02:00 Dubai time (22:00 UTC the day before) the period still starts on the Dubai date.
 * One month later keeps the day of month, clamped to the month's last day (31 Jan → 28/29 Feb).
 * Answers ISO instants in UTC (noon Dubai = 08:00Z).
 */
export function newValidPeriod(now: Date): { periodStart: string; periodEnd: string } {
  const local = new Date(now.getTime() + BUSINESS_UTC_OFFSET_HOURS * 3_600_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const noonUtcHour = 12 - BUSINESS_UTC_OFFSET_HOURS;
  const lastDayNext = new Date(Date.UTC(y, m + 2, 0)).getUTCDate();
  const start = new Date(Date.UTC(y, m, d, noonUtcHour));
  const end = new Date(Date.UTC(y, m + 1, Math.min(d, lastDayNext), noonUtcHour));
  return { periodStart: start.toISOString(), periodEnd: end.toISOString() };
}

/**
 * An instant (a period's start or end, noon in Dubai) as the Dubai business date it stands for, DD.MM.YYYY, in
 * any browser's time zone ('' when unreadable). The period editor, its history and the tour's Tickets tab all
 * show dates this way, so a period never seems to end a day early west of Dubai.
 */
export function businessDateOf(iso: string | null | undefined): string {
  const t = Date.parse(iso ?? '');
  if (Number.isNaN(t)) return '';
  const d = new Date(t + BUSINESS_UTC_OFFSET_HOURS * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}
