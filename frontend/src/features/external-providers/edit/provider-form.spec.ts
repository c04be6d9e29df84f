import { EXTERNAL_PROVIDER_MESSAGES } from '@tbo/connectivity/src/providers/external-provider-rules.pure';
import { buildProviderSchema, toForm, toPayload, type RuleKey } from './provider-form';

const say = (key: RuleKey | 'tooLong', max?: number) => (key === 'tooLong' ? `at most ${max}` : EXTERNAL_PROVIDER_MESSAGES[key]);
const problems = (isNew: boolean, values: { name?: string; baseUrl?: string; apiKey?: string }) => {
  const result = buildProviderSchema(isNew, say).safeParse({ name: 'Desert', baseUrl: 'https://octo.example.com', apiKey: 'key-1', ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('provider form', () => {
  it('asks what the API asks, in its words', () => {
    expect(problems(true, { name: ' ', baseUrl: '', apiKey: '' })).toEqual({ name: 'Provider name is required', baseUrl: 'Base URL is required', apiKey: 'API key is required' });
    expect(problems(true, { baseUrl: 'ftp://octo.example.com' })).toEqual({ baseUrl: 'Base URL must be an http or https address' });
    expect(problems(true, { baseUrl: 'octo.example.com' })).toEqual({ baseUrl: 'Base URL must be an http or https address' });
    expect(problems(true, { baseUrl: 'https://me:pw@octo.example.com' })).toEqual({ baseUrl: EXTERNAL_PROVIDER_MESSAGES.baseUrlCredentials });
    expect(problems(true, { baseUrl: 'https://octo.example.com/?a=1' })).toEqual({ baseUrl: EXTERNAL_PROVIDER_MESSAGES.baseUrlQuery });
    expect(problems(true, { apiKey: 'two words' })).toEqual({ apiKey: EXTERNAL_PROVIDER_MESSAGES.apiKeyCharacters });
    expect(problems(true, { name: 'x'.repeat(201) })).toEqual({ name: 'at most 200' });
    expect(problems(true, {})).toEqual({});
  });

  it('lets an edit leave the key empty (the stored one is kept)', () => {
    expect(problems(false, { apiKey: '' })).toEqual({});
  });

  it('never fills the key from the server, and sends one only when typed', () => {
    expect(toForm({ id: 4, name: 'Desert', baseUrl: 'https://o.example.com', hasApiKey: true, version: 2 })).toEqual({ name: 'Desert', baseUrl: 'https://o.example.com', apiKey: '' });
    expect(toPayload({ name: ' New ', baseUrl: ' https://o.example.com ', apiKey: ' k ' }, 0, null)).toEqual({ id: 0, name: 'New', baseUrl: 'https://o.example.com', apiKey: 'k' });
    expect(toPayload({ name: 'Desert', baseUrl: 'https://o.example.com', apiKey: '' }, 4, 2)).toEqual({ id: 4, name: 'Desert', baseUrl: 'https://o.example.com', version: 2 });
    expect(toPayload({ name: 'Desert', baseUrl: 'https://o.example.com', apiKey: 'new' }, 4, 2)).toEqual({ id: 4, name: 'Desert', baseUrl: 'https://o.example.com', apiKey: 'new', version: 2 });
  });
});
