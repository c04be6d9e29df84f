import type { UnitPrices } from '@tbo/booking/src/pure/booking-money.pure';
import { unitPricing, type OctoCurrency, type OctoPricing } from './octo-pricing.pure';

/**
 * An offer's OCTO units: adult always, child and infant when the offer allows them, with the offer's ages
 * (children up to childAge, infants up to infantAge) and its group size. A booking needs an adult (spec 02 §5),
 * so children and infants come accompanied by one. Infants sit on a lap and take no seat. Pure.
 */
export type OctoUnitId = 'adult' | 'child' | 'infant';
export const OCTO_UNIT_IDS: readonly OctoUnitId[] = ['adult', 'child', 'infant'];

export interface OfferUnitFacts {
  childrenAllowed: boolean;
  childAge: number;
  infantsAllowed: boolean;
  infantAge: number;
  minNumOfPeople: number;
  maxNumOfPeople: number;
}

export interface OctoUnit {
  id: OctoUnitId;
  internalName: string;
  reference: string | null;
  type: 'ADULT' | 'CHILD' | 'INFANT';
  restrictions: {
    minAge: number;
    maxAge: number;
    idRequired: boolean;
    minQuantity: number | null;
    maxQuantity: number | null;
    paxCount: number;
    accompaniedBy: string[];
  };
  requiredContactFields: string[];
  title?: string;
  shortDescription?: string;
  features?: { shortDescription: string | null; type: string }[];
  pricingFrom?: OctoPricing[];
}

const MAX_ADULT_AGE = 99;

export function unitIdsOf(o: Pick<OfferUnitFacts, 'childrenAllowed' | 'infantsAllowed'>): OctoUnitId[] {
  return OCTO_UNIT_IDS.filter((u) => u === 'adult' || (u === 'child' ? o.childrenAllowed : o.infantsAllowed));
}

/** The units of an offer; with `pricesFrom`, each carries its lowest prices (octo/pricing) in both currencies. */
export function octoUnits(o: OfferUnitFacts, options: { content?: boolean; pricesFrom?: UnitPrices | null; currencies?: readonly OctoCurrency[] } = {}): OctoUnit[] {
  const infantMax = Math.max(0, o.infantAge);
  const childMin = o.infantsAllowed ? infantMax + 1 : 0;
  return unitIdsOf(o).map((id) => {
    const [type, name, minAge, maxAge, description]: [OctoUnit['type'], string, number, number, string] =
      id === 'adult'
        ? ['ADULT', 'Adult', o.childrenAllowed ? o.childAge + 1 : 0, MAX_ADULT_AGE, 'Takes a seat.']
        : id === 'child'
          ? ['CHILD', 'Child', Math.min(childMin, o.childAge), o.childAge, `Up to ${o.childAge} years; takes a seat.`]
          : ['INFANT', 'Infant', 0, infantMax, `Up to ${infantMax} years, on a lap: free, takes no seat.`];
    const unit: OctoUnit = {
      id,
      internalName: name,
      reference: null,
      type,
      restrictions: {
        minAge,
        maxAge,
        idRequired: false,
        minQuantity: id === 'adult' ? 1 : null,
        maxQuantity: id === 'infant' ? null : o.maxNumOfPeople,
        paxCount: 1,
        accompaniedBy: id === 'adult' ? [] : ['adult'],
      },
      requiredContactFields: [],
    };
    if (options.content) Object.assign(unit, { title: name, shortDescription: description, features: [] });
    if (options.pricesFrom) unit.pricingFrom = (options.currencies ?? ['USD', 'AED']).map((c) => unitPricing(options.pricesFrom!, id, c));
    return unit;
  });
}

export interface UnitCounts {
  adults: number;
  children: number;
  infants: number;
}

/** Adults, children and infants among unit ids (each already checked to be one of the offer's units). */
export function countUnits(unitIds: readonly string[]): UnitCounts {
  const c = { adults: 0, children: 0, infants: 0 };
  for (const u of unitIds) {
    if (u === 'adult') c.adults++;
    else if (u === 'child') c.children++;
    else if (u === 'infant') c.infants++;
  }
  return c;
}

/** Seats the units take: adults and children; infants sit on a lap (README: seats). */
export const seatsOfUnits = (c: UnitCounts): number => c.adults + c.children;

export const OCTO_UNIT_MESSAGES = {
  adultRequired: 'A booking needs at least one adult unit',
  minPeople: (n: number) => `This option needs at least ${n} adults and children`,
  maxPeople: (n: number) => `This option takes at most ${n} adults and children`,
} as const;

/** Why these counts cannot be booked on the offer (besides seats and dates), or null. */
export function unitCountProblem(o: Pick<OfferUnitFacts, 'minNumOfPeople' | 'maxNumOfPeople'>, c: UnitCounts): string | null {
  if (c.adults < 1) return OCTO_UNIT_MESSAGES.adultRequired;
  const people = c.adults + c.children;
  if (people < o.minNumOfPeople) return OCTO_UNIT_MESSAGES.minPeople(o.minNumOfPeople);
  if (people > o.maxNumOfPeople) return OCTO_UNIT_MESSAGES.maxPeople(o.maxNumOfPeople);
  return null;
}
