import { blankBookingForm, bookingPayload, type BookingForm } from './booking-form.logic';
import { groupInfoFilled, guestChosen, guestFilled, guestUnlinked, type GuestChoice } from './guest-link.logic';

const form = (over: Partial<BookingForm> = {}): BookingForm => ({ ...blankBookingForm(new Date('2026-03-09T21:30:00Z')), ...over });
const guest = (over: Partial<GuestChoice> = {}): GuestChoice => ({ arrivalId: 4, guestName: 'Ivan Petrov', groupId: 9, groupInfoId: 12, roomNumber: '', phoneNumbers: [], ...over });

describe('choosing an in-house guest', () => {
  it('fills guest, arrival, group and group info; the group info brings room and phones; clearing resets them', () => {
    expect(guestChosen(guest())).toEqual({ arrivalId: 4, groupId: 9, groupInfoId: 12, guestName: 'Ivan Petrov', roomNumber: '', phones: [{ value: '' }] });
    expect(groupInfoFilled({ roomNumber: '1204', phoneNumbers: ['+971 50 111', '+7 900 222'] }, guest())).toEqual({ roomNumber: '1204', phones: [{ value: '+971 50 111' }, { value: '+7 900 222' }] });
    expect(groupInfoFilled({ roomNumber: '', phoneNumbers: [] }, guest())).toEqual({ roomNumber: '', phones: [{ value: '' }] });
    expect(guestChosen(null)).toEqual({ arrivalId: null, groupId: null, groupInfoId: null, guestName: '', roomNumber: '', phones: [{ value: '' }] });
  });

  it('fills the guest’s own phone and room when the group has no info (most groups): nothing to ask groupInfo for', () => {
    const sergey = guest({ arrivalId: 7, guestName: 'Sergey Novikov', groupId: 50067, groupInfoId: null, roomNumber: '', phoneNumbers: ['+7 9855120769'] });
    expect(guestChosen(sergey)).toEqual({ arrivalId: 7, groupId: 50067, groupInfoId: null, guestName: 'Sergey Novikov', roomNumber: '', phones: [{ value: '+7 9855120769' }] });
    expect(guestChosen(guest({ roomNumber: '200' }))).toMatchObject({ roomNumber: '200' });
  });

  it("keeps the guest's own room and phones where the group info has none", () => {
    const own = guest({ roomNumber: '200', phoneNumbers: ['+7 9685697804'] });
    expect(groupInfoFilled({ roomNumber: '', phoneNumbers: [] }, own)).toEqual({ roomNumber: '200', phones: [{ value: '+7 9685697804' }] });
    expect(groupInfoFilled({ roomNumber: '201', phoneNumbers: ['+971 50 111'] }, own)).toEqual({ roomNumber: '201', phones: [{ value: '+971 50 111' }] });
  });

  it("never saves guest B with guest A's room and phones when B has no group info (or it fails to load)", () => {
    const afterA = form({ arrivalId: 4, groupId: 9, groupInfoId: 12, guestName: 'Ivan Petrov', roomNumber: '1204', phones: [{ value: '+971 50 111' }] });
    const afterB = { ...afterA, ...guestChosen(guest({ arrivalId: 5, guestName: 'Anna Ivanova', groupId: 10, groupInfoId: null, phoneNumbers: ['+7 900 555'] })) };
    expect(afterB).toMatchObject({ arrivalId: 5, groupId: 10, groupInfoId: null, guestName: 'Anna Ivanova', roomNumber: '', phones: [{ value: '+7 900 555' }] });
    expect(bookingPayload(afterB, null)).toMatchObject({ guestName: 'Anna Ivanova', roomNumber: '', phones: ['+7 900 555'] });
  });
});

describe('another hotel or date drops the guest', () => {
  const svetlana = guest({ arrivalId: 8, guestName: 'Svetlana Lebedev', groupId: 50001, roomNumber: '200', phoneNumbers: ['+7 9685697804'] });
  const filled = guestFilled(svetlana);
  const chosen = form({ ...guestChosen(svetlana) });
  const unlinked = { arrivalId: null, groupId: null, groupInfoId: null };

  it("resets the name, room and phones the guest filled: they are that guest's at the old hotel", () => {
    const after = { ...chosen, ...guestUnlinked(chosen, filled) };
    expect(after).toMatchObject({ ...unlinked, guestName: '', roomNumber: '', phones: [{ value: '' }] });
    expect(bookingPayload(after, null)).toMatchObject({ arrivalId: null, groupId: null, guestName: '', roomNumber: '', phones: [] });
  });

  it('keeps what the agent typed over since, field by field', () => {
    const typed = { ...chosen, guestName: 'Svetlana Lebedeva', phones: [{ value: '+7 9685697804' }, { value: '+971 55 000' }] };
    expect(guestUnlinked(typed, filled)).toEqual({ ...unlinked, roomNumber: '' });
    const roomTyped = { ...chosen, roomNumber: '305' };
    expect(guestUnlinked(roomTyped, filled)).toEqual({ ...unlinked, guestName: '', phones: [{ value: '' }] });
  });

  it('counts an empty phone row added, or spaces, as no change of the phones', () => {
    const extraRow = { ...chosen, phones: [{ value: ' +7 9685697804 ' }, { value: '' }] };
    expect(guestUnlinked(extraRow, filled)).toMatchObject({ phones: [{ value: '' }] });
  });

  it('with no guest chosen, only the (empty) link is dropped: what the agent typed stays', () => {
    expect(guestUnlinked(form({ guestName: 'Walk-in Guest', roomNumber: '12' }), null)).toEqual(unlinked);
  });
});
