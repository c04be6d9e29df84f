import { EventSchemaRegistry } from './registry';
import { tenantEventSchemas } from './identity/tenant-events';
import { userEventSchemas } from './identity/user-events';
import { staffEventSchemas } from './identity/staff-events';
import { photoEventSchemas } from './media/photo-events';
import { languageEventSchemas } from './reference/language-events';
import { referenceDataEventSchemas } from './reference/reference-data-events';
import { validPeriodEventSchemas } from './catalog/valid-period-events';
import { tourEventSchemas } from './catalog/tour-events';
import { offerEventSchemas } from './catalog/offer-events';
import { pickUpTimeEventSchemas } from './scheduling/pickup-time-events';
import { timeSlotGroupEventSchemas } from './scheduling/time-slot-group-events';
import { timeSlotEventSchemas } from './scheduling/time-slot-events';
import { departureEventSchemas } from './scheduling/departure-events';
import { supplierProfileEventSchemas } from './supplier/supplier-profile-events';
import { contractEventSchemas } from './booking/contract-events';
import { bookingEventSchemas } from './booking/booking-events';
import { commissionStatementEventSchemas } from './booking/commission-statement-events';
import { manifestStaffEventSchemas } from './documents/manifest-staff-events';
import { ticketStockEventSchemas } from './documents/ticket-stock-events';
import { externalProviderEventSchemas } from './connectivity/external-provider-events';
import { resellerKeyEventSchemas } from './connectivity/reseller-key-events';
import { octoEventSchemas } from './connectivity/octo-events';
import { arrivalEventSchemas } from './arrivals/arrival-events';
import { nameReservationEventSchemas } from './kernel/name-reservation-events';

/** Every event type the product writes. Add a context's schemas here when it gains events. */
export function createEventRegistry(): EventSchemaRegistry {
  return new EventSchemaRegistry().register(
    ...languageEventSchemas,
    ...referenceDataEventSchemas,
    ...supplierProfileEventSchemas,
    ...tenantEventSchemas,
    ...userEventSchemas,
    ...staffEventSchemas,
    ...photoEventSchemas,
    ...validPeriodEventSchemas,
    ...tourEventSchemas,
    ...offerEventSchemas,
    ...pickUpTimeEventSchemas,
    ...timeSlotGroupEventSchemas,
    ...timeSlotEventSchemas,
    ...externalProviderEventSchemas,
    ...resellerKeyEventSchemas,
    ...departureEventSchemas,
    ...contractEventSchemas,
    ...bookingEventSchemas,
    ...commissionStatementEventSchemas,
    ...octoEventSchemas,
    ...ticketStockEventSchemas,
    ...manifestStaffEventSchemas,
    ...arrivalEventSchemas,
    ...nameReservationEventSchemas,
  );
}
