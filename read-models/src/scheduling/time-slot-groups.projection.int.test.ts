import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { timeSlotGroupsProjection } from './time-slot-groups.projection';

const spec = projectionSpec(timeSlotGroupsProjection);

const GROUP = { id: 41, supplierId: 6 };
const SLOT = { id: 77, groupId: 41, supplierId: 6 };
const stream = eventStream('timeslotgroup-41');

// One stream in order: revisions 0..7.
const created = stream.event('TimeSlotGroupCreated', { ...GROUP, name: 'Dhow cruise', capacity: 30, minimumAdvancedBooking: -2, pickUpTimeId: null, isTimeSlotsIndependant: false });
const changed = stream.event('TimeSlotGroupChanged', { ...GROUP, name: 'Dhow cruise (Marina)', capacity: 35, minimumAdvancedBooking: 6, pickUpTimeId: 12, isTimeSlotsIndependant: true });
/** Every slot field with a value unlike its neighbours', so a column holding another field's value shows. */
const slotCreated = stream.event('TimeSlotCreated', {
  ...exampleOf('TimeSlotCreated'),
  ...SLOT,
  name: 'Sunset',
  timeType: 0,
  startTime: 1050,
  endTime: 1170,
  interval: null,
  duration: 120,
  type: 1,
  cutOffResponseTime: 18,
  daysOffered: 1 | 16 | 64,
  capacity: 14,
  minimumAdvancedBooking: 3,
  pickUpTimeId: 13,
  isExternalId: true,
  externalId: 'ext-slot',
  externalPerChildId: 'ext-child-slot',
  externalProviderId: 8,
  externalProviderCodeType: 2,
  externalProductId: 'ext-product',
  externalProductMappingValue: 'map-adult',
  externalPerChildProductId: 'ext-child-product',
  externalPerChildProductMappingValue: 'map-child',
  externalProviderDiffProductsAdultChild: true,
  externalIsTicketPerPax: false,
  bookingReferencePrefix: 'DHW',
  isExternalMismatch: true,
});
const slotChanged = stream.event('TimeSlotChanged', { ...exampleOf('TimeSlotChanged'), ...SLOT, name: 'Anytime sunset', startTime: 1000, endTime: 1200, duration: 60, capacity: 9, minimumAdvancedBooking: -1, pickUpTimeId: null });
const slotDeleted = stream.event('TimeSlotDeleted', SLOT);
const slotRestored = stream.event('TimeSlotRestored', SLOT);
const groupDeleted = stream.event('TimeSlotGroupDeleted', GROUP);
const groupRestored = stream.event('TimeSlotGroupRestored', GROUP);

const groupRow = (over: Row = {}): Row => ({
  id: 41,
  supplier_id: 6,
  name: 'Dhow cruise',
  capacity: 30,
  minimum_advanced_booking: -2,
  pick_up_time_id: null,
  is_time_slots_independant: false,
  is_deleted: false,
  version: 0,
  ...over,
});
const changedGroup = { name: 'Dhow cruise (Marina)', capacity: 35, minimum_advanced_booking: 6, pick_up_time_id: 12, is_time_slots_independant: true, version: 1 };

const slotRow = (over: Row = {}): Row => ({
  id: 77,
  group_id: 41,
  supplier_id: 6,
  name: 'Sunset',
  time_type: 0,
  start_time: 1050,
  end_time: 1170,
  interval: null,
  duration: 120,
  type: 1,
  cut_off_response_time: 18,
  days_offered: 81,
  capacity: 14,
  minimum_advanced_booking: 3,
  pick_up_time_id: 13,
  is_external_id: true,
  external_id: 'ext-slot',
  external_per_child_id: 'ext-child-slot',
  external_provider_id: 8,
  external_provider_code_type: 2,
  external_product_id: 'ext-product',
  external_product_mapping_value: 'map-adult',
  external_per_child_product_id: 'ext-child-product',
  external_per_child_product_mapping_value: 'map-child',
  external_provider_diff_products_adult_child: true,
  external_is_ticket_per_pax: false,
  booking_reference_prefix: 'DHW',
  is_external_mismatch: true,
  is_deleted: false,
  version: 2,
  ...over,
});
/** The sample TimeSlotChanged (an anytime, on-request slot, not external) with this spec's overrides. */
const changedSlot = {
  name: 'Anytime sunset',
  time_type: 1,
  start_time: 1000,
  end_time: 1200,
  interval: 30,
  duration: 60,
  type: 1,
  cut_off_response_time: 24,
  days_offered: 21,
  capacity: 9,
  minimum_advanced_booking: -1,
  pick_up_time_id: null,
  is_external_id: false,
  external_id: '',
  external_per_child_id: '',
  external_provider_id: null,
  external_provider_code_type: 0,
  external_product_id: '',
  external_product_mapping_value: '',
  external_per_child_product_id: '',
  external_per_child_product_mapping_value: '',
  external_provider_diff_products_adult_child: false,
  external_is_ticket_per_pax: false,
  booking_reference_prefix: '',
  is_external_mismatch: false,
  version: 3,
};

describe('time slot groups projection', () => {
  it('creates the group row, every field in its column, with the stream revision', () => spec.given().when(created).then({ time_slot_groups: [groupRow()], time_slots: [] }));

  it('states a change of the group whole', () => spec.given(created).when(changed).then({ time_slot_groups: [groupRow(changedGroup)] }));

  it('creates the slot row, every field in its column, and leaves the group as it was', () =>
    spec.given(created, changed).when(slotCreated).then({ time_slot_groups: [groupRow(changedGroup)], time_slots: [slotRow()] }));

  it('states a change of the slot whole', () => spec.given(created, changed, slotCreated).when(slotChanged).then({ time_slots: [slotRow(changedSlot)] }));

  it('marks a slot deleted and restored, moving its version only', async () => {
    await spec.given(created, changed, slotCreated, slotChanged).when(slotDeleted).then({ time_slots: [slotRow({ ...changedSlot, is_deleted: true, version: 4 })], time_slot_groups: [groupRow(changedGroup)] });
    await spec.given(created, changed, slotCreated, slotChanged, slotDeleted).when(slotRestored).then({ time_slots: [slotRow({ ...changedSlot, is_deleted: false, version: 5 })] });
  });

  it('marks the group deleted and restored, its slots untouched', async () => {
    await spec.given(created, changed, slotCreated).when(groupDeleted).then({ time_slot_groups: [groupRow({ ...changedGroup, is_deleted: true, version: 6 })], time_slots: [slotRow()] });
    await spec.given(created, changed, slotCreated, groupDeleted).when(groupRestored).then({ time_slot_groups: [groupRow({ ...changedGroup, is_deleted: false, version: 7 })] });
  });

  replayingTwice(spec, [
    ['TimeSlotGroupCreated', [], created],
    ['TimeSlotGroupChanged', [created], changed],
    ['TimeSlotGroupDeleted', [created, changed], groupDeleted],
    ['TimeSlotGroupRestored', [created, changed, groupDeleted], groupRestored],
    ['TimeSlotCreated', [created], slotCreated],
    ['TimeSlotChanged', [created, slotCreated], slotChanged],
    ['TimeSlotDeleted', [created, slotCreated], slotDeleted],
    ['TimeSlotRestored', [created, slotCreated, slotDeleted], slotRestored],
  ]);
});
