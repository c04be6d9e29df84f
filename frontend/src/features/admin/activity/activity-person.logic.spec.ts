import { activityPerson } from './activity-person.logic';

describe('who the activity log names', () => {
  it('names a person, else their email, and the system in words', () => {
    expect(activityPerson('admin@demo.test', 'Omar Al Mansoori', 'System')).toBe('Omar Al Mansoori');
    expect(activityPerson('gone@demo.test', null, 'System')).toBe('gone@demo.test');
    expect(activityPerson('system:documents', null, 'Система')).toBe('Система');
    expect(activityPerson('system:seed', 'Seed', 'Система')).toBe('Система');
    expect(activityPerson(null, null, 'Система')).toBe('Система');
  });

  it("names a system user's job where it is known, so the filter's system users differ", () => {
    const jobs: Record<string, string> = { documents: 'documents', tickets: 'tickets' };
    const job = (id: string) => jobs[id] ?? null;
    expect(['system:documents', 'system:tickets', 'system:unknown-job'].map((u) => activityPerson(u, null, 'System', job))).toEqual(['System (documents)', 'System (tickets)', 'System']);
  });
});
