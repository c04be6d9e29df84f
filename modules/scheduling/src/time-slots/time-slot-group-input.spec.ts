import { blankTimeSlotGroupFields } from '../pure/time-slot-rules.pure';
import { groupFieldsToSave, saveTimeSlotGroupInput } from './time-slot.commands';

const stored = { name: 'Safari departures', capacity: 40, minimumAdvancedBooking: 5, pickUpTimeId: 1, isTimeSlotsIndependant: true };
const sent = (body: Record<string, unknown>) => saveTimeSlotGroupInput.parse(body).group;

describe('a time slot group save: a field left out keeps the stored value on an update', () => {
  it('keeps what an update leaves out and takes what it sends', () => {
    expect(groupFieldsToSave(sent({ id: 13, name: 'Dunes', capacity: 10 }), stored)).toEqual({ ...stored, name: 'Dunes', capacity: 10 });
    expect(groupFieldsToSave(sent({ id: 13, minimumAdvancedBooking: -3, isTimeSlotsIndependant: false }), stored)).toEqual({ ...stored, minimumAdvancedBooking: -3, isTimeSlotsIndependant: false });
  });

  it('clears what is sent as null (0 is no pick-up time too), as before', () => {
    const cleared = { ...stored, name: '', capacity: null, minimumAdvancedBooking: 0, pickUpTimeId: null, isTimeSlotsIndependant: false };
    expect(groupFieldsToSave(sent({ id: 13, name: null, capacity: null, minimumAdvancedBooking: null, pickUpTimeId: null, isTimeSlotsIndependant: null }), stored)).toEqual(cleared);
    expect(groupFieldsToSave(sent({ id: 13, pickUpTimeId: 0 }), stored).pickUpTimeId).toBeNull();
  });

  it('a new group (nothing stored) takes the blank defaults for what it leaves out', () => {
    expect(groupFieldsToSave(sent({ id: 0, name: 'Dunes', capacity: 10 }), null)).toEqual({ ...blankTimeSlotGroupFields(), name: 'Dunes', capacity: 10 });
  });
});
