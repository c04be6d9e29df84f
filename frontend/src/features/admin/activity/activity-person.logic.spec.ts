import { activityPerson } from './activity-person.logic';

describe('who the activity log names', () => {
  it('names a person, else their email, and the system in words', () => {
    expect(activityPerson('admin@demo.test', 'Omar Al Mansoori', 'System')).toBe('Omar Al Mansoori');
    expect(activityPerson('gone@demo.test', null, 'System')).toBe('gone@demo.test');
    expect(activityPerson('system:documents', null, 'Система')).toBe('Система');
    expect(activityPerson('system:seed', 'Seed', 'Система')).toBe('Система');
    expect(activityPerson(null, null, 'Система')).toBe('Система');
  });
});
