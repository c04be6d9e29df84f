import { expectSameKeysNoneEmpty, loadLocale } from '../../test-support/locale-files.testing';

/** Every string of the media manager exists in en and ru (spec 01 §1: both interface languages). */
const load = (lang: string) => loadLocale(lang, 'media');

describe('media.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('media');
  });
  it('carries the texts the spec fixes', () => {
    expect((load('en').delete as Record<string, string>).confirm).toBe('Are you sure you want to delete photo?');
    expect((load('en').selector as Record<string, string>).noPhotos).toBe("You haven't selected any photos");
    expect((load('en').selector as Record<string, string>).noHero).toBe('Hero image is not selected');
  });
  it('names a photo whose variants could not be made, in both languages', () => {
    expect((load('en').grid as Record<string, string>).failed).toBe('Could not process this photo');
    expect((load('ru').grid as Record<string, string>).failed).toBeTruthy();
  });
  it('names each tile’s icon buttons after its photo', () => {
    for (const lang of ['en', 'ru']) {
      const actions = load(lang).actions as Record<string, string>;
      expect(actions.editPhoto).toContain('{{title}}');
      expect(actions.deletePhoto).toContain('{{title}}');
    }
  });
});
