import { CONTRACT_MESSAGES } from '@tbo/booking/src/contracts/contract-rules.pure';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAgencySchema, buildCommissionSchema, commissionText, serverMessageKey, toAgencyPayload, type AgencyForm } from './contract-form';

const load = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'i18n', 'locales', lang, 'contracts.json'), 'utf8')) as Record<string, unknown>;
const en = load('en');
const ru = load('ru');

const say = (key: string, max?: number) => (max ? `${key}:${max}` : key);
const valid: AgencyForm = { agencyName: ' Falcon Travel ', agentFullName: 'Mira Haddad', agentEmail: 'mira@falcon.test', agentPassword: 'Oasis-Gate-7', commission: 12.5 };

const lookup = (tree: unknown, path: string) => path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);

describe('contracting forms', () => {
  it('accepts a whole agency form and trims what it sends', () => {
    expect(buildAgencySchema(say).safeParse(valid).success).toBe(true);
    expect(toAgencyPayload(valid)).toEqual({ ...valid, agencyName: 'Falcon Travel' });
  });

  it('says what is missing or wrong, field by field', () => {
    const r = buildAgencySchema(say).safeParse({ agencyName: ' ', agentFullName: '', agentEmail: 'mira', agentPassword: 'short', commission: 101 });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ agencyName: 'agencyName', agentFullName: 'agentFullName', agentEmail: 'emailInvalid', agentPassword: 'passwordShort', commission: 'commission' });
  });

  it('takes an empty commission as the period’s, and refuses one finer than hundredths', () => {
    expect(buildCommissionSchema(say).safeParse({ commission: null }).success).toBe(true);
    expect(buildCommissionSchema(say).safeParse({ commission: 12.345 }).success).toBe(false);
    expect(commissionText(null, 'Period commission', 'en')).toBe('Period commission');
    expect(commissionText(12.5, 'Period commission', 'en')).toBe('12.5 %');
  });

  it('says every known API message in both languages', () => {
    const messages = [...Object.values(CONTRACT_MESSAGES), 'The new password must be at least 8 characters long', 'This password is one of the most common ones and easy to guess. Choose another one.', 'A user with the email a@b.test already exists'];
    for (const m of messages) {
      const key = serverMessageKey(m);
      expect(key).not.toBeNull();
      expect(typeof lookup(en, key!)).toBe('string');
      expect(typeof lookup(ru, key!)).toBe('string');
    }
    expect(serverMessageKey('Something else')).toBeNull();
  });

  it('has the same keys in English and Russian', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });
});
