import { groupInfoQuery, newBookingInput, priceQuery, rescheduleInput, staffReasonInput, versionInput } from './booking.inputs';

const said = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, body: unknown) => schema.safeParse(body).error?.issues.map((i) => i.message) ?? [];
const booking = { date: '2026-12-01', tourId: 1, offerId: 2, adults: 2 };

describe('booking inputs', () => {
  it("keep spec §5's messages for a missing field, and say what a field of the wrong type should be", () => {
    expect(said(newBookingInput, { ...booking, adults: undefined })).toEqual(['At least one adult is required']);
    expect(said(newBookingInput, { ...booking, adults: 0 })).toEqual(['At least one adult is required']);
    expect(said(newBookingInput, { ...booking, adults: '2' })).toEqual(['Adults must be a number']);
    expect(said(newBookingInput, { ...booking, offerId: undefined })).toEqual(['Offer is required']);
    expect(said(newBookingInput, { ...booking, offerId: '2' })).toEqual(['Offer must be a number']);
    expect(said(newBookingInput, { ...booking, date: 20261201 })).toEqual(['Date must be a date YYYY-MM-DD']);
    expect(said(staffReasonInput, {})).toEqual(['A reason is required to decline or cancel a booking']);
    expect(said(staffReasonInput, { reason: 5 })).toEqual(['Reason must be text']);
  });

  it('refuse group ids sent without the in-house guest they belong to', () => {
    expect(said(newBookingInput, { ...booking, groupId: 999999 })).toEqual(['groupId and groupInfoId come with the in-house guest: send its arrivalId too']);
    expect(said(newBookingInput, { ...booking, groupInfoId: 5 })).toHaveLength(1);
    expect(said(newBookingInput, { ...booking, arrivalId: 3, groupId: 7, groupInfoId: 5 })).toEqual([]);
  });

  it('take amounts in cents: more decimals are refused, float noise and a denormal are rounded off', () => {
    expect(said(newBookingInput, { ...booking, paid: 0.123456789 })).toEqual(['Paid must have at most 2 decimals']);
    expect(said(newBookingInput, { ...booking, collectOrig: 10.005 })).toEqual(['Collect (AED) must have at most 2 decimals']);
    expect(newBookingInput.parse({ ...booking, paid: 0.1 + 0.2, collect: 5e-324, paidOrig: 1354.5 })).toMatchObject({ paid: 0.3, collect: 0, paidOrig: 1354.5 });
  });

  it('name the version in plain words when it is out of range', () => {
    expect(said(versionInput, { version: -1 })).toEqual(['version must be at least 0']);
    expect(said(versionInput, { version: 1e12 })).toEqual(['version must be at most 2147483647']);
    expect(said(versionInput, { version: 1.5 })).toEqual(['version must be a whole number']);
    expect(said(versionInput, {})).toEqual([]);
  });

  it('say a date that is not one once, and a date left out is required', () => {
    expect(said(newBookingInput, { ...booking, date: '2026-12-21T10:00:00Z' })).toEqual(['Date must be a date (YYYY-MM-DD)']);
    expect(said(priceQuery, { tourId: '3', date: '2'.repeat(3000) })).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(said(rescheduleInput, { version: 0, adults: 2 })).toEqual(['Date is required']);
  });

  it("say of a query id below 1 that it must be positive, and that the group info's id is required", () => {
    expect(said(priceQuery, { tourId: '-1', date: '2026-12-20' })).toEqual(['tourId must be a positive number']);
    expect(said(priceQuery, { tourId: '0', date: '2026-12-20' })).toEqual(['tourId must be a positive number']);
    expect(said(priceQuery, { tourId: 'x', date: '2026-12-20' })).toEqual(['tourId must be a whole number']);
    expect(said(groupInfoQuery, { hotelId: '-1', groupInfoId: '5' })).toEqual(['hotelId must not be negative']);
    expect(said(groupInfoQuery, { hotelId: '4' })).toEqual(['groupInfoId is required']);
    expect(groupInfoQuery.parse({ hotelId: '4', groupInfoId: '5' })).toEqual({ hotelId: 4, groupInfoId: 5 });
  });
});
