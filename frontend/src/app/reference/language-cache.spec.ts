import { languageCacheKey, languageSyncPath, mergeLanguages, readLanguageCache, syncLanguages, writeLanguageCache, type LanguageStorage, type LanguageSync, type SyncedLanguage } from './language-cache';

/** Local storage as a map. */
function memoryStorage(initial: Record<string, string> = {}): LanguageStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const lang = (id: number, name: string, over: Partial<SyncedLanguage> = {}): SyncedLanguage => ({ id, name, code: name.slice(0, 2).toLowerCase(), isOffers: true, isDeleted: false, imgUrl: null, ...over });
const D1 = '2026-05-01T10:00:00.000001Z';
const D2 = '2026-05-01T10:00:00.000002Z';

describe('mergeLanguages', () => {
  it('without a stored list takes the answer: deleted ones dropped, sorted by name (case aside), the date kept', () => {
    const merged = mergeLanguages(null, { languages: [lang(1, 'russian'), lang(2, 'English'), lang(3, 'Arabic', { isDeleted: true }), lang(4, 'Élan')], date: D1 });
    expect(merged).toEqual({ languages: [lang(4, 'Élan'), lang(2, 'English'), lang(1, 'russian')], date: D1 });
  });

  it('merges by id: a changed language replaces its old self, a new one is added, a deleted one is dropped, the rest stays', () => {
    const stored: LanguageSync = { languages: [lang(1, 'Arabic'), lang(2, 'English'), lang(3, 'German')], date: D1 };
    const merged = mergeLanguages(stored, { languages: [lang(2, 'Zulu', { code: 'zu' }), lang(3, 'German', { isDeleted: true }), lang(4, 'Chinese')], date: D2 });
    expect(merged).toEqual({ languages: [lang(1, 'Arabic'), lang(4, 'Chinese'), lang(2, 'Zulu', { code: 'zu' })], date: D2 });
  });

  it('drops a language deleted before it was ever stored, and keeps the stored date when the answer has none', () => {
    const stored: LanguageSync = { languages: [lang(1, 'Arabic')], date: D1 };
    expect(mergeLanguages(stored, { languages: [lang(9, 'Gone', { isDeleted: true })], date: null })).toEqual({ languages: [lang(1, 'Arabic')], date: D1 });
    expect(mergeLanguages(null, { languages: [], date: null })).toEqual({ languages: [], date: null });
  });

  it('orders equal names by id, and does not change the stored list', () => {
    const stored: LanguageSync = { languages: [lang(5, 'Hindi')], date: D1 };
    const merged = mergeLanguages(stored, { languages: [lang(2, 'hindi')], date: D2 });
    expect(merged.languages.map((l) => l.id)).toEqual([2, 5]);
    expect(stored).toEqual({ languages: [lang(5, 'Hindi')], date: D1 });
  });
});

describe('language cache storage', () => {
  it('keeps one list per flavour under tbo.languages.*', () => {
    const storage = memoryStorage();
    writeLanguageCache(storage, 'offers', { languages: [lang(1, 'Arabic')], date: D1 });
    writeLanguageCache(storage, 'all', { languages: [lang(1, 'Arabic'), lang(2, 'Latin', { isOffers: false })], date: D2 });
    expect([...storage.map.keys()].sort()).toEqual(['tbo.languages.all', 'tbo.languages.offers']);
    expect(readLanguageCache(storage, 'offers')).toEqual({ languages: [lang(1, 'Arabic')], date: D1 });
    expect(readLanguageCache(storage, 'all')?.languages.map((l) => l.id)).toEqual([1, 2]);
  });

  it('reads nothing where nothing is stored or there is no storage', () => {
    expect(readLanguageCache(memoryStorage(), 'offers')).toBeNull();
    expect(readLanguageCache(null, 'offers')).toBeNull();
    expect(() => writeLanguageCache(null, 'offers', { languages: [], date: D1 })).not.toThrow();
  });

  it.each([
    ['not JSON', '{oops'],
    ['another shape', JSON.stringify([{ id: 1, name: 'Arabic' }])],
    ['a language without its fields', JSON.stringify({ languages: [{ id: 1, name: 'Arabic' }], date: D1 })],
    ['a date of the wrong type', JSON.stringify({ languages: [], date: 5 })],
  ])('forgets a stored value that is %s', (_, text) => {
    const storage = memoryStorage({ [languageCacheKey('offers')]: text });
    expect(readLanguageCache(storage, 'offers')).toBeNull();
    expect(storage.map.has(languageCacheKey('offers'))).toBe(false);
  });

  it('forgets the list when it cannot be written (a full storage), so the next read starts over', () => {
    const storage = memoryStorage({ [languageCacheKey('offers')]: JSON.stringify({ languages: [], date: D1 }) });
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    writeLanguageCache(storage, 'offers', { languages: [lang(1, 'Arabic')], date: D2 });
    expect(readLanguageCache(storage, 'offers')).toBeNull();
  });
});

describe('syncLanguages', () => {
  it('syncs without a date the first time, then from the answered date, merging into the stored list', async () => {
    const storage = memoryStorage();
    const asked: (string | null)[] = [];
    const answers: LanguageSync[] = [
      { languages: [lang(2, 'English'), lang(1, 'Arabic'), lang(3, 'Old', { isDeleted: true })], date: D1 },
      { languages: [lang(1, 'Arabic', { isDeleted: true }), lang(4, 'Chinese')], date: D2 },
    ];
    const fetchSync = (date: string | null) => {
      asked.push(date);
      return Promise.resolve(answers.shift()!);
    };
    expect((await syncLanguages('offers', fetchSync, storage)).map((l) => l.name)).toEqual(['Arabic', 'English']);
    expect((await syncLanguages('offers', fetchSync, storage)).map((l) => l.name)).toEqual(['Chinese', 'English']);
    expect(asked).toEqual([null, D1]);
    expect(readLanguageCache(storage, 'offers')).toEqual({ languages: [lang(4, 'Chinese'), lang(2, 'English')], date: D2 });
    expect(storage.map.has(languageCacheKey('all'))).toBe(false);
  });

  it('starts over without a date from a corrupt stored value', async () => {
    const storage = memoryStorage({ [languageCacheKey('all')]: '{"languages":"nope","date":"x"}' });
    const fetchSync = jest.fn((date: string | null) => Promise.resolve<LanguageSync>({ languages: [lang(1, 'Arabic')], date: date ?? D1 }));
    expect(await syncLanguages('all', fetchSync, storage)).toEqual([lang(1, 'Arabic')]);
    expect(fetchSync).toHaveBeenCalledWith(null);
    expect(readLanguageCache(storage, 'all')).toEqual({ languages: [lang(1, 'Arabic')], date: D1 });
  });

  it('stores nothing when the call fails', async () => {
    const storage = memoryStorage({ [languageCacheKey('offers')]: JSON.stringify({ languages: [lang(1, 'Arabic')], date: D1 }) });
    await expect(syncLanguages('offers', () => Promise.reject(new Error('offline')), storage)).rejects.toThrow('offline');
    expect(readLanguageCache(storage, 'offers')).toEqual({ languages: [lang(1, 'Arabic')], date: D1 });
  });
});

describe('languageSyncPath', () => {
  it('sends the date when there is one, and isOffers for the offers list', () => {
    expect(languageSyncPath('all', null)).toBe('/api/languages/sync');
    expect(languageSyncPath('offers', null)).toBe('/api/languages/sync?isOffers=true');
    expect(languageSyncPath('offers', '2026-05-01T10:00:00.000001Z')).toBe('/api/languages/sync?date=2026-05-01T10%3A00%3A00.000001Z&isOffers=true');
    expect(languageSyncPath('all', D2)).toBe(`/api/languages/sync?date=${encodeURIComponent(D2)}`);
  });
});
