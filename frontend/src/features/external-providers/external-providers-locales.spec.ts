import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTERNAL_PROVIDER_MESSAGES } from '@tbo/connectivity/src/providers/external-provider-rules.pure';

/** Every string of the external providers screen exists in en and ru (plural forms aside), and en words the rules as the API does. */
function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const locales = join(__dirname, '..', '..', 'i18n', 'locales');
const load = (lang: string, ns = 'external-providers') => JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const at = (file: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], file);

describe('external-providers.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    const en = load('en');
    const ru = load('ru');
    expect([...new Set(keys(ru).map(base))].sort()).toEqual([...new Set(keys(en).map(base))].sort());
    for (const file of [en, ru]) for (const k of keys(file)) expect(at(file, k)).not.toBe('');
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
