import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../test-support/locale-files.testing';

/** Every string of the platform page exists in en and ru (plural forms aside), and the menu names the page in both. */
describe('platform.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const { ru } = expectSameKeysNoneEmpty('platform', { byPluralBase: true });
    expect(Object.keys(at(ru, 'projections.lag') as object)).toEqual(expect.arrayContaining(['behind_one', 'behind_few', 'behind_many', 'behind_other']));
    expect(Object.keys(at(ru, 'parked') as object)).toEqual(expect.arrayContaining(['attempts_one', 'attempts_few', 'attempts_many', 'attempts_other']));
  });

  it('names both kinds of runner the API answers', () => {
    for (const lang of ['en', 'ru']) for (const kind of ['projection', 'process-manager']) expect(at(loadLocale(lang, 'platform'), `projections.kinds.${kind}`)).toBeTruthy();
  });

  it('names the menu link in both languages', () => {
    expect(at(loadLocale('en', 'shell'), 'menu.platform')).toBe('Platform');
    expect(at(loadLocale('ru', 'shell'), 'menu.platform')).toBe('Платформа');
  });
});
