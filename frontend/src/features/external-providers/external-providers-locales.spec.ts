import { EXTERNAL_PROVIDER_MESSAGES } from '@tbo/connectivity/src/providers/external-provider-rules.pure';
import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../test-support/locale-files.testing';

/** Every string of the external providers screen exists in en and ru (plural forms aside), and en words the rules as the API does. */
const load = (lang: string, ns = 'external-providers') => loadLocale(lang, ns);

describe('external-providers.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const { ru } = expectSameKeysNoneEmpty('external-providers', { byPluralBase: true });
    expect(Object.keys(at(ru, 'test') as object)).toEqual(expect.arrayContaining(['ok_one', 'ok_few', 'ok_many', 'ok_other']));
  });

  it('words every message of the rules in English as the API does', () => {
    const en = load('en');
    for (const [name, text] of Object.entries(EXTERNAL_PROVIDER_MESSAGES)) expect(at(en, `errors.${name}`)).toBe(text);
  });

  it('names the menu link in both languages', () => {
    expect(at(load('en', 'shell'), 'menu.externalproviders')).toBe('External Providers');
    expect(at(load('ru', 'shell'), 'menu.externalproviders')).toBeTruthy();
  });
});
