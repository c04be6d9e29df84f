import type { Knex } from 'knex';
import type { TimeSlotData, TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import { deletedFlag, streamVersion, supplierItemKey } from '../runner/columns';
import { supplierNameIndex } from '../runner/indexes';
import { defineProjection } from '../runner/projection';
import { applyGroupStreamEvent, GROUP_STREAM_EVENT_TYPES, type GroupStreamRows } from './group-stream-rows';

/** A slot's own fields, as its events state them (without its key). */
export type TimeSlotFieldsData = Omit<TimeSlotData, 'id' | 'groupId' | 'supplierId'>;

/** Each slot field and the column that holds it: the projection writes through it and the queries read through it. */
export const TIME_SLOT_COLUMNS = {
  name: 'name',
  timeType: 'time_type',
  startTime: 'start_time',
  endTime: 'end_time',
  interval: 'interval',
  duration: 'duration',
  type: 'type',
  cutOffResponseTime: 'cut_off_response_time',
  daysOffered: 'days_offered',
  capacity: 'capacity',
  minimumAdvancedBooking: 'minimum_advanced_booking',
  pickUpTimeId: 'pick_up_time_id',
  isExternalId: 'is_external_id',
  externalId: 'external_id',
  externalPerChildId: 'external_per_child_id',
  externalProviderId: 'external_provider_id',
  externalProviderCodeType: 'external_provider_code_type',
  externalProductId: 'external_product_id',
  externalProductMappingValue: 'external_product_mapping_value',
  externalPerChildProductId: 'external_per_child_product_id',
  externalPerChildProductMappingValue: 'external_per_child_product_mapping_value',
  externalProviderDiffProductsAdultChild: 'external_provider_diff_products_adult_child',
  externalIsTicketPerPax: 'external_is_ticket_per_pax',
  bookingReferencePrefix: 'booking_reference_prefix',
  isExternalMismatch: 'is_external_mismatch',
} as const satisfies Record<keyof TimeSlotFieldsData, string>;

export function slotColumns(fields: TimeSlotFieldsData): Record<string, unknown> {
  return Object.fromEntries(Object.entries(TIME_SLOT_COLUMNS).map(([field, column]) => [column, fields[field as keyof TimeSlotFieldsData]]));
}

/** The slot's link to an external provider's product, whose tickets its bookings get. */
function externalTicketingColumns(t: Knex.CreateTableBuilder): void {
  t.boolean('is_external_id').notNullable();
  t.text('external_id').notNullable();
  t.text('external_per_child_id').notNullable();
  t.integer('external_provider_id');
  t.smallint('external_provider_code_type').notNullable();
  t.text('external_product_id').notNullable();
  t.text('external_product_mapping_value').notNullable();
  t.text('external_per_child_product_id').notNullable();
  t.text('external_per_child_product_mapping_value').notNullable();
  t.boolean('external_provider_diff_products_adult_child').notNullable();
  t.boolean('external_is_ticket_per_pax').notNullable();
}

/** Every row keeps `version`: the revision of the last event that changed it. */
const TIME_SLOT_GROUP_ROWS: GroupStreamRows = {
  groups: {
    table: 'time_slot_groups',
    key: (d) => ({ id: d.id, supplier_id: d.supplierId }),
    columns: (d) => ({ name: d.name, capacity: d.capacity, minimum_advanced_booking: d.minimumAdvancedBooking, pick_up_time_id: d.pickUpTimeId, is_time_slots_independant: d.isTimeSlotsIndependant }),
  },
  slots: {
    table: 'time_slots',
    key: (d) => ({ id: d.id, group_id: d.groupId, supplier_id: d.supplierId }),
    columns: slotColumns,
  },
  stamp: (version) => ({ version }),
};

/**
 * The supplier's time slot groups and their slots, one row each, every field in a column of its own (the
 * list, the editor, the export and other modules' lookups read them). `version` is the revision of the last
 * event that changed the row: groups and slots share their group's stream, and each item has its own version.
 */
export const timeSlotGroupsProjection = defineProjection<TimeSlotGroupStreamEvent>({
  name: 'time_slot_groups',
  version: 1,
  handles: GROUP_STREAM_EVENT_TYPES,
  tables: {
    time_slot_groups: (t) => {
      supplierItemKey(t);
      t.text('name').notNullable();
      t.integer('capacity').notNullable();
      t.integer('minimum_advanced_booking').notNullable();
      t.integer('pick_up_time_id');
      t.boolean('is_time_slots_independant').notNullable();
      deletedFlag(t);
      streamVersion(t);
    },
    time_slots: (t) => {
      t.integer('id').primary();
      t.integer('group_id').notNullable();
      t.integer('supplier_id').notNullable();
      t.text('name').notNullable();
      t.smallint('time_type').notNullable();
      t.integer('start_time').notNullable();
      t.integer('end_time').notNullable();
      t.integer('interval');
      t.integer('duration').notNullable();
      t.smallint('type').notNullable();
      t.integer('cut_off_response_time');
      t.smallint('days_offered').notNullable();
      t.integer('capacity');
      t.integer('minimum_advanced_booking');
      t.integer('pick_up_time_id');
      externalTicketingColumns(t);
      t.text('booking_reference_prefix').notNullable();
      t.boolean('is_external_mismatch').notNullable();
      deletedFlag(t);
      streamVersion(t);
      t.index(['group_id']);
      t.index(['supplier_id']);
    },
  },
  async afterCreate(trx, table) {
    // The list's order (name, case-insensitive, then id) within one supplier.
    await supplierNameIndex(trx, table('time_slot_groups'));
  },
  apply: (ctx, event) => applyGroupStreamEvent(ctx, event, TIME_SLOT_GROUP_ROWS),
});
