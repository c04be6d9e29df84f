import { blankGroupForm, buildGroupSchema, groupFieldOfServerField, groupPayload, groupToForm } from './group-form';
import type { TimeSlotGroup } from '../api/time-slot.schema';

const t = (key: string) => `[${key}]`;
const schema = buildGroupSchema(t);
const messages = (values: unknown) => {
  const r = schema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('time slot group form', () => {
  it('a new group: no name, no capacity (required: no made-up seat count), 0 hours, no pick-up time, shared capacity', () => {
    expect(blankGroupForm()).toEqual({ name: '', capacity: null, minimumAdvancedBooking: 0, pickUpTimeId: null, isTimeSlotsIndependant: false });
    expect(messages(blankGroupForm())).toEqual({ name: '[errors.groupName]', capacity: '[errors.groupCapacity]' });
  });

  it('checks the spec 02 §5 / §9 limits with the rules of the server, their messages translated', () => {
    const ok = { ...blankGroupForm(), name: 'Morning', capacity: 1 };
    expect(messages(ok)).toEqual({});
    expect(messages({ ...ok, name: '   ' })).toEqual({ name: '[errors.groupName]' });
    expect(messages({ ...ok, capacity: 0 })).toEqual({ capacity: '[errors.groupCapacity]' });
    expect(messages({ ...ok, capacity: 999_999 })).toEqual({});
    expect(messages({ ...ok, capacity: 1_000_000 })).toEqual({ capacity: '[errors.groupCapacity]' });
    expect(messages({ ...ok, minimumAdvancedBooking: -23 })).toEqual({});
    expect(messages({ ...ok, minimumAdvancedBooking: -24 })).toEqual({ minimumAdvancedBooking: '[errors.minimumAdvancedBooking]' });
    expect(messages({ ...ok, minimumAdvancedBooking: 2400 })).toEqual({});
    expect(messages({ ...ok, minimumAdvancedBooking: 2401 })).toEqual({ minimumAdvancedBooking: '[errors.minimumAdvancedBooking]' });
    expect(messages({ ...ok, minimumAdvancedBooking: null })).toEqual({ minimumAdvancedBooking: '[errors.minimumAdvancedBooking]' });
  });

  it('reads a group and sends it back with its id and version, the name trimmed, no pick-up time as null', () => {
    const g: TimeSlotGroup = { id: 7, name: 'Sunset', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: 0, isTimeSlotsIndependant: true, isDeleted: false, timeSlots: [], version: 3 };
    const form = groupToForm(g);
    expect(form).toEqual({ name: 'Sunset', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: true });
    expect(groupPayload({ ...form, name: ' Sunset 2 ', pickUpTimeId: 5 }, { id: 7, version: 3 })).toEqual({
      id: 7,
      version: 3,
      name: 'Sunset 2',
      capacity: 40,
      minimumAdvancedBooking: 12,
      pickUpTimeId: 5,
      isTimeSlotsIndependant: true,
    });
  });

  it("maps the server's field names to the form's", () => {
    expect(groupFieldOfServerField('name')).toBe('name');
    expect(groupFieldOfServerField('capacity')).toBe('capacity');
    // A refused change of seat sharing is said at its toggle.
    expect(groupFieldOfServerField('isTimeSlotsIndependant')).toBe('isTimeSlotsIndependant');
    expect(groupFieldOfServerField('timeSlots.0.name')).toBeNull();
  });
});
