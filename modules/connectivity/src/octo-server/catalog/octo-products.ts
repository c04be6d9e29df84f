import { Inject, Injectable } from '@nestjs/common';
import { ContractBook, periodCovering, unitPricesOf, type UnitPrices } from '@tbo/booking';
import type { OfferForSale } from '@tbo/catalog';
import { EVENT_STORE, type EventStore } from '@tbo/kernel';
import { SLOT_TYPE } from '@tbo/scheduling';
import { defaultCancellationPolicyOf } from '@tbo/supplier';
import type { ResellerCaller } from '../../resellers/reseller-caller';
import type { Capabilities } from '../octo-capabilities';
import { isStartTime, localStartTimes } from '../pure/octo-availability.pure';
import { bookingPricing, OCTO_CURRENCIES, OCTO_DEFAULT_CURRENCY } from '../pure/octo-pricing.pure';
import { OCTO_TIME_ZONE, dubaiDate, plusDays } from '../pure/octo-time.pure';
import { octoUnits } from '../pure/octo-units.pure';
import { OctoCatalog, type OctoOptionFacts, type OctoProductFacts } from './octo-catalog';
import { mediaOf, photoIdsOf, plainText, productContent } from './octo-content.pure';
import { OctoPickups, pickupPoint } from './octo-pickups';

/** How far ahead "from" prices look for a period (a product priced only later still shows its prices). */
const PRICES_FROM_DAYS = 366;

export interface RenderContext {
  caller: ResellerCaller;
  caps: Capabilities;
  origin: string;
  now: Date;
}

/** Who a booking's contact must name: the lead guest's name, which the booking requires. */
export const REQUIRED_CONTACT_FIELDS = ['firstName', 'lastName'];

/** A booking is cancellable free of charge until the hours of the policy's full-refund tier (0: no such tier). */
export function freeCancellationHours(policy: readonly { hours: number; percents: number }[]): number {
  const full = policy.filter((t) => t.percents >= 100).map((t) => t.hours);
  return full.length ? Math.min(...full) : 0;
}

/** The period prices of the first date the offer sells from tomorrow on (its "from" prices), or null. */
export function pricesFrom(offer: OfferForSale, today: string, commission: number | null): UnitPrices | null {
  for (let i = 1; i <= PRICES_FROM_DAYS; i++) {
    const period = periodCovering(offer, plusDays(today, i));
    if (period) return unitPricesOf(period, commission);
  }
  return null;
}

/** OCTO Product and Option answers for the caller, with the capabilities it asked for. */
@Injectable()
export class OctoProducts {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: OctoCatalog,
    private readonly contracts: ContractBook,
    private readonly pickups: OctoPickups,
  ) {}

  async list(ctx: RenderContext): Promise<Record<string, unknown>[]> {
    const products = await this.catalog.products(ctx.caller.supplierId);
    const commission = await this.commission(ctx);
    return Promise.all(products.map((p) => this.product(p, ctx, commission)));
  }

  async one(ctx: RenderContext, productId: unknown): Promise<Record<string, unknown>> {
    return this.product(await this.catalog.product(ctx.caller.supplierId, productId), ctx, await this.commission(ctx));
  }

  private async commission(ctx: RenderContext): Promise<number | null> {
    return ctx.caps.pricing ? ((await this.contracts.contractOf(ctx.caller.supplierId, ctx.caller.agencyId))?.commission ?? null) : null;
  }

  async product(p: OctoProductFacts, ctx: RenderContext, commission: number | null): Promise<Record<string, unknown>> {
    const options = await Promise.all(p.options.map((o, i) => this.option(o, i === 0, ctx, commission)));
    const allDay = p.options.every((o) => o.slots.every((s) => !isStartTime(s)));
    const onRequest = p.options.some((o) => o.offer.details.bookingType === 0 || o.slots.some((s) => s.type === SLOT_TYPE.onRequest));
    const product: Record<string, unknown> = {
      id: String(p.tourId),
      internalName: p.nameDisplay,
      reference: p.nameInternal || null,
      locale: 'en',
      timeZone: OCTO_TIME_ZONE,
      allowFreesale: false,
      instantConfirmation: !onRequest,
      // Guests are checked in on the supplier's manifest: there is no ticket to deliver.
      instantDelivery: true,
      availabilityRequired: true,
      availabilityType: allDay ? 'OPENING_HOURS' : 'START_TIME',
      deliveryFormats: [],
      deliveryMethods: ['VOUCHER'],
      redemptionMethod: 'MANIFEST',
      options,
    };
    if (ctx.caps.pricing) Object.assign(product, { defaultCurrency: OCTO_DEFAULT_CURRENCY, availableCurrencies: [...OCTO_CURRENCIES], pricingPer: 'UNIT' });
    if (ctx.caps.content) {
      const hours = Math.min(...p.options.map((o) => o.offer.details.numberOfHours));
      Object.assign(product, productContent(p.tour, p.nameDisplay, ctx.origin, Math.round(hours * 60)));
    }
    return product;
  }

  async option(o: OctoOptionFacts, isDefault: boolean, ctx: RenderContext, commission: number | null): Promise<Record<string, unknown>> {
    const d = o.offer.details;
    const policy = o.offer.cancellationPolicy.source === 'supplier' ? await defaultCancellationPolicyOf(this.store, o.offer.supplierId) : o.offer.cancellationPolicy.tiers;
    const cutoffHours = freeCancellationHours(policy);
    const from = ctx.caps.pricing ? pricesFrom(o.offer, dubaiDate(ctx.now), commission) : null;
    const option: Record<string, unknown> = {
      id: String(o.offer.offerId),
      default: isDefault,
      internalName: d.nameDisplay,
      reference: d.nameInternal || null,
      availabilityLocalStartTimes: localStartTimes(o.slots),
      cancellationCutoff: `${cutoffHours} ${cutoffHours === 1 ? 'hour' : 'hours'}`,
      cancellationCutoffAmount: cutoffHours,
      cancellationCutoffUnit: 'hour',
      requiredContactFields: REQUIRED_CONTACT_FIELDS,
      restrictions: { minUnits: d.minNumOfPeople, maxUnits: d.maxNumOfPeople },
      units: octoUnits(d, { content: ctx.caps.content, pricesFrom: from }),
    };
    if (ctx.caps.pricing && from) option.pricingFrom = OCTO_CURRENCIES.map((c) => bookingPricing(from, { adults: 1, children: 0, infants: 0 }, c));
    else if (ctx.caps.pricing) option.pricingFrom = [];
    if (ctx.caps.content) {
      Object.assign(option, {
        title: d.nameDisplay,
        shortDescription: plainText(d.description).slice(0, 300) || null,
        description: d.description || null,
        features: [],
        faqs: [],
        media: mediaOf(ctx.origin, photoIdsOf(d.photos), d.heroImageId ?? null, d.nameDisplay),
        locations: [],
        categoryLabels: [],
        durationMinutesFrom: Math.round(d.numberOfHours * 60),
        durationMinutesTo: null,
        commentary: [],
      });
    }
    if (ctx.caps.pickups) {
      const places = await this.pickups.placesOfAny(o.slots);
      Object.assign(option, { pickupRequired: false, pickupAvailable: places.length > 0, pickupPoints: places.map((p) => pickupPoint(p.hotel)) });
    }
    return option;
  }
}
