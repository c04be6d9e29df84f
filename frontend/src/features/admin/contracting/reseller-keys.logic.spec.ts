import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESELLER_KEY_MESSAGES } from '@tbo/connectivity/src/resellers/reseller-key-rules.pure';
import { serverMessageKey } from './contract-form';
import { buildIssueKeySchema, keyTimeText, maskedKey } from './reseller-keys.logic';

const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'i18n', 'locales', lang, 'contracts.json'), 'utf8')) as Record<string, unknown>;
const lookup = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);

describe('reseller keys on the contracting tab', () => {
  it('writes instants in Dubai time, whatever the browser zone', () => {
    expect(keyTimeText('2026-03-01T20:30:00.000Z')).toBe('02.03.2026 00:30');
    expect(keyTimeText(null)).toBe('');
    expect(keyTimeText('soon')).toBe('');
  });

  it('shows a key by its first characters only', () => expect(maskedKey('tbo_AbCd')).toBe('tbo_AbCd…'));

  it('asks for a name of at most 100 characters', () => {
    const schema = buildIssueKeySchema({ name: 'required', tooLong: 'long' });
    expect(schema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe('required');
    expect(schema.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('long');
    expect(schema.safeParse({ name: ' Booking engine ' }).success).toBe(true);
  });

  it("says the keys routes' messages in both languages", () => {
    for (const m of [RESELLER_KEY_MESSAGES.notFound, RESELLER_KEY_MESSAGES.name, RESELLER_KEY_MESSAGES.nameLength]) {
      const key = serverMessageKey(m);
      expect(key).not.toBeNull();
      for (const lang of ['en', 'ru']) expect(typeof lookup(load(lang), key!)).toBe('string');
    }
    expect(lookup(load('en'), 'errors.keyName')).toBe(RESELLER_KEY_MESSAGES.name);
  });
});
