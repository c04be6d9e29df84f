import { arrivalDisplayStatus, isInHouse, maskPhone, maskPhones, splitPhones } from './arrival-status.pure';

const base = { isDeleted: false, numberOfBookings: 0, groupStatus: null as number | null, communicationStatus: 0 };

describe('arrival display status (spec 02 §4)', () => {
  it('is deleted when the arrival is deleted, whatever else', () => {
    expect(arrivalDisplayStatus({ ...base, isDeleted: true, numberOfBookings: 3, groupStatus: 4, communicationStatus: 16 })).toEqual({ status: -1, label: 'Deleted', bookings: null });
  });
  it("is purchased with 'N Booking(s)' when the group has bookings", () => {
    expect(arrivalDisplayStatus({ ...base, numberOfBookings: 1 })).toEqual({ status: 5, label: '1 Booking(s)', bookings: 1 });
    expect(arrivalDisplayStatus({ ...base, numberOfBookings: 2, groupStatus: 4, communicationStatus: 1 })).toEqual({ status: 5, label: '2 Booking(s)', bookings: 2 });
  });
  it("is pending ('No Comm.') without group info", () => {
    expect(arrivalDisplayStatus(base)).toEqual({ status: 0, label: 'No Comm.', bookings: null });
  });
  it('did not buy once a pending group has left without a booking (the tour date has passed)', () => {
    const today = '2026-12-10';
    expect(arrivalDisplayStatus({ ...base, departureDate: '2026-12-09', today })).toEqual({ status: 2, label: 'Did Not Buy', bookings: null });
    // Still here today, or with a booking, or a status set by hand: not derived.
    expect(arrivalDisplayStatus({ ...base, departureDate: today, today }).status).toBe(0);
    expect(arrivalDisplayStatus({ ...base, departureDate: '2026-12-09', today, numberOfBookings: 1 }).status).toBe(5);
    expect(arrivalDisplayStatus({ ...base, departureDate: '2026-12-09', today, groupStatus: 4 }).status).toBe(4);
    // Under 3 with a contact logged, the label says so (spec 02 §4).
    expect(arrivalDisplayStatus({ ...base, departureDate: '2026-12-09', today, communicationStatus: 16 })).toEqual({ status: 2, label: 'Comm. Resp.', bookings: null });
  });
  it.each([
    [0, 'No Comm.'],
    [1, 'Did Not Attend'],
    [2, 'Did Not Buy'],
    [3, 'Purchased Diff. Name'],
    [4, 'Cancelled'],
    [5, 'Purchased'],
    [6, 'Non Tourist'],
  ])('shows the group status %i as %s without communication', (groupStatus, label) => {
    expect(arrivalDisplayStatus({ ...base, groupStatus })).toEqual({ status: groupStatus, label, bookings: null });
  });
  it.each([0, 1, 2])("under 3 with a flag below 16 is 'Comm. Initiated', 16 or more 'Comm. Resp.' (status %i)", (groupStatus) => {
    for (const f of [1, 2, 4, 8, 15]) expect(arrivalDisplayStatus({ ...base, groupStatus, communicationStatus: f }).label).toBe('Comm. Initiated');
    for (const f of [16, 17, 32, 64, 128, 255]) expect(arrivalDisplayStatus({ ...base, groupStatus, communicationStatus: f }).label).toBe('Comm. Resp.');
    expect(arrivalDisplayStatus({ ...base, groupStatus, communicationStatus: 1 }).status).toBe(groupStatus);
  });
  it('communication flags do not hide a status of 3 or more', () => {
    for (const s of [3, 4, 6]) expect(arrivalDisplayStatus({ ...base, groupStatus: s, communicationStatus: 17 }).label).not.toMatch(/Comm/);
  });
  it('pending without group info still shows communication', () => {
    expect(arrivalDisplayStatus({ ...base, communicationStatus: 2 }).label).toBe('Comm. Initiated');
  });
});

describe('phone masking', () => {
  it('shows the first 7 characters and an ellipsis per number', () => {
    expect(maskPhone('+971501234567')).toBe('+971501…');
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone(' 12345 ')).toBe('12345');
    expect(maskPhones(['+971501234567', '+79001234567'])).toBe('+971501…, +790012…');
    expect(maskPhones([])).toBe('');
  });
  it('splits typed numbers on commas, semicolons and lines', () => {
    expect(splitPhones('+971 50 1; +7 900 2,\n 3 ')).toEqual(['+971 50 1', '+7 900 2', '3']);
  });
});

describe('In House', () => {
  const stay = { arrivalDate: '2026-03-10', departureDate: '2026-03-15' };
  it('holds from the arrival day to the departure day, both included', () => {
    expect(isInHouse(stay, '2026-03-09')).toBe(false);
    expect(isInHouse(stay, '2026-03-10')).toBe(true);
    expect(isInHouse(stay, '2026-03-12')).toBe(true);
    expect(isInHouse(stay, '2026-03-15')).toBe(true);
    expect(isInHouse(stay, '2026-03-16')).toBe(false);
  });
  it('needs both dates', () => {
    expect(isInHouse({ arrivalDate: null, departureDate: '2026-03-15' }, '2026-03-12')).toBe(false);
    expect(isInHouse({ arrivalDate: '2026-03-10', departureDate: null }, '2026-03-12')).toBe(false);
  });
});
