import { businessDate } from '../valid-periods/period.logic';
import { historyFormat, namesOf, type HistoryNames, type HistoryWords, type NamedOption } from '../../../ui/history/history-values';

export interface FieldName {
  periodId: number | null;
  name: string;
  /** A price: its kind, side and variant (pricePerAdultRecUsdVat → adult, rec, usdVat). */
  price?: { kind: 'adult' | 'child' | 'trip'; side: 'rec' | 'net'; variant: 'aedVat' | 'aed' | 'usdVat' | 'usd' };
  /** A commission: its kind (netCommissionPerTrip → trip). */
  commission?: 'adult' | 'child' | 'trip';
}

const lower = (s: string) => (s.charAt(0).toLowerCase() + s.slice(1)) as never;

/** 'validPeriods.12.pricePerAdultRecUsd' → period 12, field 'pricePerAdultRecUsd' (a price); other fields as they are. */
export function describeField(field: string): FieldName {
  const m = /^validPeriods\.(\d+)\.(.+)$/.exec(field);
  const out: FieldName = m ? { periodId: Number(m[1]), name: m[2] as string } : { periodId: null, name: field };
  const p = /^pricePer(Adult|Child|Trip)(Rec|Net)(AedVat|Aed|UsdVat|Usd)$/.exec(out.name);
  if (p) out.price = { kind: lower(p[1] as string), side: lower(p[2] as string), variant: lower(p[3] as string) };
  const c = /^netCommissionPer(Adult|Child|Trip)$/.exec(out.name);
  if (c) out.commission = lower(c[1] as string);
  return out;
}

/** The lists that turn the ticket history's ids into names. */
export type OfferHistoryNames = HistoryNames<'cities' | 'ticketTypes' | 'photos' | 'tours' | 'timeSlots'>;

/** The time slot options (groups with their slots) as one list of names: 'Group: Slot'. */
export function timeSlotNames(groups: readonly { name: string; timeSlots: readonly { id: number; name: string }[] }[] | undefined): NamedOption[] | undefined {
  return groups?.flatMap((g) => g.timeSlots.map((slot) => ({ value: slot.id, label: `${g.name}: ${slot.name}` })));
}

const CONV_TYPES = new Set(['multiply', 'divide']);

const TICKET_KIND = ['fields.adultTicket', 'fields.childTicket', 'fields.infantTicket'];

/**
 * The ticket history's value formatter: cities, ticket types, photos, time slots and the tour by name, a period's
 * conversion type in words, its dates as the Dubai business dates DD.MM.YYYY (as the Prices tab shows them).
 */
export function offerHistoryFormat(words: HistoryWords, names: OfferHistoryNames) {
  const byName = (list: () => readonly NamedOption[] | undefined) => (v: unknown) => namesOf(list(), words, v);
  const base = historyFormat(words, {
    origin: byName(() => names.cities),
    photos: byName(() => names.photos),
    heroImageId: byName(() => names.photos),
    tourId: byName(() => names.tours),
    timeSlots: byName(() => names.timeSlots),
    bookingType: (v) => (typeof v === 'number' ? names.label(`bookingTypes.${v}`) : undefined),
    ticketsTypes: (v) =>
      Array.isArray(v)
        ? v
            .map((x) => {
              const { ticketTypeId, type } = (x ?? {}) as { ticketTypeId?: number; type?: number };
              const kind = TICKET_KIND[type ?? -1];
              const name = namesOf(names.ticketTypes, words, ticketTypeId) ?? '';
              return kind ? `${names.label(kind)}: ${name}` : name;
            })
            .join(', ')
        : undefined,
  });
  // Period fields arrive as 'validPeriods.{id}.{name}': their dates read as dates, the conversion type as words.
  return (field: string, value: unknown): string => {
    const { name, periodId } = describeField(field);
    if (periodId === null) return base(field, value);
    if ((name === 'periodStart' || name === 'periodEnd') && typeof value === 'string') return businessDate(value) || value;
    if (name === 'convType' && typeof value === 'string' && CONV_TYPES.has(value)) return names.label(`periods.convTypes.${value}`);
    return base(field, value);
  };
}
