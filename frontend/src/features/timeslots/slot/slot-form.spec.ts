import type { TimeSlot } from '../api/time-slot.schema';
import { blankSlotForm, buildSlotSchema, clearedBy, EXTERNAL_OFF, slotFieldOfServerField, slotPayload, slotToForm, visibleFields, type SlotForm } from './slot-form';
import { expectCases } from '../../../test-support/expect-cases.testing';

const t = (key: string) => `[${key}]`;
const shared = { isTimeSlotsIndependant: false, capacity: 20, minimumAdvancedBooking: 12 };
const independent = { ...shared, isTimeSlotsIndependant: true };
const messages = (values: SlotForm, group = shared) => {
  const r = buildSlotSchema(t, group).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const named = (over: Partial<SlotForm> = {}): SlotForm => ({ ...blankSlotForm(), name: 'Morning', ...over });

const saved: TimeSlot = {
  id: 4,
  groupId: 2,
  name: 'Morning',
  timeType: 0,
  type: 1,
  startTime: 510,
  endTime: 690,
  startTimeDescription: '08:30',
  endTimeDescription: '11:30',
  interval: null,
  duration: 180,
  cutOffResponseTime: 24,
  daysOffered: 1 | 4,
  capacity: null,
  minimumAdvancedBooking: null,
  pickUpTimeId: null,
  isExternalId: true,
  externalProviderId: 3,
  externalProductId: 'P-1',
  externalProductMappingValue: 'OPT-A',
  externalId: 'S-9',
  externalPerChildProductId: 'P-2',
  externalPerChildProductMappingValue: 'OPT-C',
  externalPerChildId: 'S-10',
  externalProviderCodeType: 1,
  externalProviderDiffProductsAdultChild: true,
  externalIsTicketPerPax: true,
  bookingReferencePrefix: 'BK',
  isExternalMismatch: false,
  offers: [],
  isDeleted: false,
  version: 5,
};

describe('time slot form', () => {
  it('a new slot: fixed, live, 00:00 to 00:00, every day, not external', () => {
    expect(blankSlotForm()).toMatchObject({ name: '', timeType: 0, type: 0, startTimeDescription: '00:00', endTimeDescription: '00:00', daysOffered: [0], isExternalId: false, ...EXTERNAL_OFF });
    expect(messages(blankSlotForm())).toEqual({ name: '[errors.name]' });
  });

  it("shows the fields spec 02 §5 says: times but for NoTime, the interval for Anytime, the cut-off for OnRequest, capacity for independent slots, external fields for fixed time", () => {
    const v = (timeType: 0 | 1 | 2, type: 0 | 1, isExternalId = false) => ({ timeType, type, isExternalId, externalProviderDiffProductsAdultChild: true });
    expect(visibleFields(v(0, 0), false)).toEqual({ times: true, interval: false, cutOff: false, capacity: false, external: true, externalFields: false, childProduct: false });
    expect(visibleFields(v(0, 1, true), true)).toEqual({ times: true, interval: false, cutOff: true, capacity: true, external: true, externalFields: true, childProduct: true });
    expect(visibleFields(v(1, 0, true), false)).toMatchObject({ times: true, interval: true, external: false, externalFields: false, childProduct: false });
    expect(visibleFields(v(2, 0), false)).toMatchObject({ times: false, interval: false, external: false });
  });

  it("requires the interval of an Anytime slot ('Interval is required'), never of another", () => {
    expect(messages(named({ timeType: 1 }))).toEqual({ interval: '[errors.interval]' });
    expect(messages(named({ timeType: 1, interval: 0 }))).toEqual({ interval: '[errors.interval]' });
    expect(messages(named({ timeType: 1, interval: 30 }))).toEqual({});
    expect(messages(named({ timeType: 1, interval: 1441 }))).toEqual({ interval: '[errors.intervalMax]' });
    // External fields belong to fixed time only: an Anytime slot left 'external' still needs its interval.
    expect(messages(named({ timeType: 1, isExternalId: true }))).toEqual({ interval: '[errors.interval]' });
    expect(messages(named({ timeType: 0 }))).toEqual({});
  });

  it('checks capacity only for independent slots, and the cut-off only for on-request slots', () => {
    expect(messages(named({ capacity: -1 }))).toEqual({});
    expect(messages(named({ capacity: -1 }), independent)).toEqual({ capacity: '[errors.capacity]' });
    expect(messages(named({ capacity: 0 }), independent)).toEqual({});
    expect(messages(named({ minimumAdvancedBooking: 3000 }), independent)).toEqual({ minimumAdvancedBooking: '[errors.minimumAdvancedBooking]' });
    expect(messages(named({ cutOffResponseTime: -1 }))).toEqual({});
    expect(messages(named({ type: 1, cutOffResponseTime: -1 }))).toEqual({ cutOffResponseTime: '[errors.cutOffResponseTime]' });
  });

  it('reads a saved external slot and sends it back whole', () => {
    const form = slotToForm(saved);
    expect(form).toMatchObject({ startTimeDescription: '08:30', endTimeDescription: '11:30', daysOffered: [1, 4], externalProductId: 'P-1', externalPerChildId: 'S-10' });
    const body = slotPayload(form, { id: 4, groupId: 2, version: 5 }, shared);
    expect(body).toMatchObject({
      id: 4,
      groupId: 2,
      version: 5,
      startTime: 510,
      endTime: 690,
      startTimeDescription: '08:30',
      daysOffered: 5,
      daysOfferedList: [1, 4],
      cutOffResponseTime: 24,
      capacity: null,
      isExternalId: true,
      externalProductId: 'P-1',
      externalProductMappingValue: 'OPT-A',
      externalPerChildProductId: 'P-2',
      externalPerChildId: 'S-10',
    });
  });

  it('sends what the form hides cleared, and unreadable times as 00:00 (spec 02 §4)', () => {
    const anytime = { ...slotToForm(saved), timeType: 1 as const, type: 0 as const, interval: 15, startTimeDescription: '9', endTimeDescription: '' };
    const body = slotPayload(anytime, { id: 0, groupId: 2, version: null }, independent);
    expect(body).toMatchObject({ startTime: 0, endTime: 0, startTimeDescription: '00:00', endTimeDescription: '00:00', interval: 15, cutOffResponseTime: null, isExternalId: false, externalProductId: '', externalId: '', externalProviderId: null });
    // An independent slot without its own capacity starts with the group's.
    expect(body).toMatchObject({ capacity: 20, minimumAdvancedBooking: 12 });
    expect(slotPayload(named({ interval: 30, daysOffered: [] }), { id: 0, groupId: 2, version: null }, shared)).toMatchObject({ interval: null, daysOffered: 0, daysOfferedList: [0] });
  });

  it("clears what depends on a changed field: 'Is External' off clears every external field, a provider its products, a product its time slot", () => {
    expect(clearedBy('isExternalId', { isExternalId: false })).toEqual(EXTERNAL_OFF);
    expect(clearedBy('isExternalId', { isExternalId: true })).toBeNull();
    expect(clearedBy('externalProviderId', {})).toMatchObject({ externalProductId: null, externalId: null, externalPerChildProductId: null, externalPerChildId: null });
    expect(clearedBy('externalProductId', {})).toEqual({ externalProductMappingValue: '', externalId: null, isExternalMismatch: false });
    expect(clearedBy('externalProductMappingValue', {})).toEqual({ externalId: null });
    expect(clearedBy('externalPerChildProductId', {})).toEqual({ externalPerChildProductMappingValue: '', externalPerChildId: null });
    expect(clearedBy('externalPerChildProductMappingValue', {})).toEqual({ externalPerChildId: null });
    expect(clearedBy('externalProviderDiffProductsAdultChild', { externalProviderDiffProductsAdultChild: false })).toMatchObject({ externalPerChildProductId: null });
    expect(clearedBy('name', {})).toBeNull();
  });

  it("maps the server's field names to the form's", () => {
    expectCases(slotFieldOfServerField, [
      ['interval', 'interval'],
      ['startTime', 'startTimeDescription'],
      ['endMinute', 'endTimeDescription'],
      ['daysOfferedList.0', 'daysOffered'],
      ['groupId', null],
    ]);
  });
});
