import { decodeDraft, DRAFT_MAX_AGE_MS, draftKey, encodeDraft, forgetDraftsExcept, mergeDraft, takeDraft, writeDraft, type DraftStorage } from './unsaved-draft';

/** Session storage as a map. */
function memoryStorage(initial: Record<string, string> = {}): DraftStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const NOW = Date.UTC(2026, 4, 1, 10, 0, 0);

describe('unsaved-changes drafts', () => {
  it('are keyed by the user (any case) and the page path (without a trailing slash, query or hash)', () => {
    expect(draftKey('Ed@Test.local', '/tours/5/')).toBe(draftKey('ed@test.local', '/tours/5'));
    expect(draftKey('ed@test.local', '/tours/5?tab=seo#x')).toBe(draftKey('ed@test.local', '/tours/5'));
    expect(draftKey('ed@test.local', '/tours/5')).not.toBe(draftKey('ed@test.local', '/tours/6'));
    expect(draftKey('ed@test.local', '/tours/5')).not.toBe(draftKey('other@test.local', '/tours/5'));
  });

  it('keep the values as typed, dates as dates', () => {
    const values = { name: 'Desert Safari', days: [1, 2], start: new Date(Date.UTC(2026, 5, 1, 12)), nested: { at: new Date(Date.UTC(2026, 0, 2)) }, none: null };
    expect(decodeDraft(encodeDraft(values, NOW), NOW)).toEqual(values);
    const back = decodeDraft(encodeDraft(values, NOW), NOW) as typeof values;
    expect(back.start).toBeInstanceOf(Date);
    expect(back.nested.at.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('an invalid date stays an invalid date rather than failing the whole draft', () => {
    const back = decodeDraft(encodeDraft({ at: new Date(Number.NaN) }, NOW), NOW) as { at: Date };
    expect(back.at).toBeInstanceOf(Date);
    expect(Number.isNaN(back.at.getTime())).toBe(true);
  });

  it('are not offered when too old, unreadable or missing', () => {
    const text = encodeDraft({ name: 'x' }, NOW);
    expect(decodeDraft(text, NOW + DRAFT_MAX_AGE_MS)).toEqual({ name: 'x' });
    expect(decodeDraft(text, NOW + DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(decodeDraft('{not json', NOW)).toBeUndefined();
    expect(decodeDraft('{"values":{}}', NOW)).toBeUndefined();
    expect(decodeDraft(null, NOW)).toBeUndefined();
  });

  it('are taken once: the page that puts one back leaves nothing for a save or a discard to clear', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'ed@test.local', '/tours/add', { name: 'New' }, NOW);
    expect(takeDraft(storage, 'other@test.local', '/tours/add', NOW)).toBeUndefined();
    expect(takeDraft(storage, 'ed@test.local', '/tours/5', NOW)).toBeUndefined();
    expect(takeDraft(storage, 'ED@test.local', '/tours/add/', NOW)).toEqual({ name: 'New' });
    expect(takeDraft(storage, 'ed@test.local', '/tours/add', NOW)).toBeUndefined();
    expect(storage.map.size).toBe(0);
  });

  it('a storage that refuses (full, or none) keeps nothing and throws nothing', () => {
    const full = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => writeDraft(full, 'ed@test.local', '/tours/add', { name: 'x' }, NOW)).not.toThrow();
    expect(() => writeDraft(null, 'ed@test.local', '/tours/add', { name: 'x' }, NOW)).not.toThrow();
    expect(takeDraft(null, 'ed@test.local', '/tours/add', NOW)).toBeUndefined();
  });

  it("another user's drafts are forgotten when someone signs in; other keys stay", () => {
    const storage = memoryStorage({ unrelated: '1' });
    writeDraft(storage, 'ed@test.local', '/tours/add', { a: 1 }, NOW);
    writeDraft(storage, 'ann@test.local', '/tours/5', { b: 2 }, NOW);
    forgetDraftsExcept(storage, 'Ed@test.local');
    expect([...storage.map.keys()].sort()).toEqual([draftKey('ed@test.local', '/tours/add'), 'unrelated'].sort());
    forgetDraftsExcept(storage, null);
    expect([...storage.map.keys()]).toEqual(['unrelated']);
  });

  it("are put over the form's current values, so a field the draft lacks keeps the loaded one", () => {
    expect(mergeDraft({ name: 'Loaded', url: 'loaded', photos: [1] }, { name: 'Typed', url: '' })).toEqual({ name: 'Typed', url: '', photos: [1] });
    expect(mergeDraft({ name: 'Loaded' }, null)).toEqual({ name: 'Loaded' });
    expect(mergeDraft({ name: 'Loaded' }, ['x'])).toEqual({ name: 'Loaded' });
  });
});
