import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@tbo/kernel';
import { OCTO_CLIENT, type OctoClient, type OctoConnection } from '../octo/octo-client.port';
import { OCTO_ERROR_TITLE, OctoOptionNotFoundError } from '../octo/octo-errors';
import { ProviderConnections } from '../providers/provider-connections';
import { chooseOption, externalOffersOf, hasOpeningHours, localDate, NO_EXTERNAL_TIME_SLOTS, startTimesInAvailability, timeSlotsOf, type ExternalOffer, type ExternalTimeSlot } from './external-catalog.pure';

/** How far ahead availability is read when a product lists no start times of its own: two weeks of departures. */
export const AVAILABILITY_LOOKAHEAD_DAYS = 14;

/** A 4xx: nothing failed, the product simply has no fixed times (the editor suggests the Anytime time type). */
export class NoExternalTimeSlotsError extends AppError {
  constructor() {
    super(422, OCTO_ERROR_TITLE, NO_EXTERNAL_TIME_SLOTS);
  }
}

/** Where a provider is reached (the caller's own providers only) — ProviderConnections in the app, a stub in specs. */
export interface ConnectionSource {
  connectionFor(supplierId: number, providerId: number): Promise<OctoConnection>;
}

/** A provider's products and start times for the time slot editor's external fields (spec 02 §2, §7). */
@Injectable()
export class ExternalCatalog {
  constructor(
    @Inject(ProviderConnections) private readonly connections: ConnectionSource,
    @Inject(OCTO_CLIENT) private readonly octo: OctoClient,
  ) {}

  /** The clock the availability window starts from (a spec sets its own). */
  now: () => Date = () => new Date();

  async offers(supplierId: number, providerId: number): Promise<ExternalOffer[]> {
    const connection = await this.connections.connectionFor(supplierId, providerId);
    return externalOffersOf(await this.octo.products(connection));
  }

  /**
   * The option's own start times (availabilityLocalStartTimes); when it lists none, the start times found in
   * its availability over the next two weeks. OPENING_HOURS products and products with neither have no slots.
   */
  async timeSlots(supplierId: number, providerId: number, productId: string, optionId?: string): Promise<ExternalTimeSlot[]> {
    const connection = await this.connections.connectionFor(supplierId, providerId);
    const product = await this.octo.product(connection, productId);
    const option = chooseOption(product, optionId);
    if (!option && optionId) throw new OctoOptionNotFoundError(productId, optionId);
    if (!option || hasOpeningHours(product)) throw new NoExternalTimeSlotsError();
    let slots = timeSlotsOf(option.availabilityLocalStartTimes ?? []);
    if (!slots.length) {
      const today = this.now();
      const items = await this.octo.availability(connection, {
        productId,
        optionId: option.id,
        localDateStart: localDate(today),
        localDateEnd: localDate(today, AVAILABILITY_LOOKAHEAD_DAYS - 1),
      });
      slots = timeSlotsOf(startTimesInAvailability(items));
    }
    if (!slots.length) throw new NoExternalTimeSlotsError();
    return slots;
  }
}
