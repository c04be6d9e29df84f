import { NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { ExternalProviderEvent } from '@tbo/event-schemas';
import { EXTERNAL_PROVIDER_NOT_FOUND, externalProviderDecider as decider, externalProviderView, type ExternalProviderCommand } from './external-provider';
import { baseUrlProblem, EXTERNAL_PROVIDER_MESSAGES as M, isApiKeyText } from './external-provider-rules.pure';
import { PROVIDER_ADDRESS_MESSAGE } from './provider-address.pure';

const sealed = (n: number) => ({ ciphertext: Buffer.from(`key-${n}`).toString('base64'), iv: 'AAAAAAAAAAAAAAAA', tag: 'AAAAAAAAAAAAAAAAAAAAAA==' });
const save = (over: Partial<Extract<ExternalProviderCommand, { type: 'SaveExternalProvider' }>> = {}): ExternalProviderCommand => ({
  type: 'SaveExternalProvider',
  id: 3,
  supplierId: 5,
  isNew: true,
  name: 'Desert Tickets',
  baseUrl: 'https://octo.example.com/api/octo',
  apiKey: sealed(1),
  ...over,
});
const saved = (over: Partial<Extract<ExternalProviderEvent, { type: 'ExternalProviderSaved' }>['data']> = {}): ExternalProviderEvent => ({
  type: 'ExternalProviderSaved',
  data: { id: 3, supplierId: 5, name: 'Desert Tickets', baseUrl: 'https://octo.example.com/api/octo', apiKey: sealed(1), ...over },
});
const deleted: ExternalProviderEvent = { type: 'ExternalProviderDeleted', data: { id: 3, supplierId: 5 } };

describe('external provider decider', () => {
  it('creates a provider whole, name trimmed and the base URL without trailing slashes', () => {
    given(decider)
      .when(save({ name: '  Desert Tickets ', baseUrl: ' https://octo.example.com/api/octo// ' }))
      .then([saved()]);
  });

  it('keeps the stored key when a save brings none, and takes a new one when it does', () => {
    given(decider, [saved()])
      .when(save({ isNew: false, name: 'Dune Tickets', apiKey: null }))
      .then([saved({ name: 'Dune Tickets' })]);
    given(decider, [saved()])
      .when(save({ isNew: false, apiKey: sealed(2) }))
      .then([saved({ apiKey: sealed(2) })]);
  });

  it('states nothing when nothing changed', () => {
    given(decider, [saved()]).when(save({ isNew: false, apiKey: null })).then([]);
  });

  it("answers another supplier's, a deleted or an unknown provider as not found", () => {
    given(decider, [saved()]).when(save({ isNew: false, supplierId: 6 })).thenThrows(NotFoundError);
    given(decider, [saved()]).when({ type: 'DeleteExternalProvider', id: 3, supplierId: 6 }).thenThrows(EXTERNAL_PROVIDER_NOT_FOUND);
    given(decider, [saved(), deleted]).when(save({ isNew: false })).thenThrows(EXTERNAL_PROVIDER_NOT_FOUND);
    given(decider, [saved(), deleted]).when({ type: 'DeleteExternalProvider', id: 3, supplierId: 5 }).thenThrows(EXTERNAL_PROVIDER_NOT_FOUND);
    given(decider).when(save({ isNew: false })).thenThrows(EXTERNAL_PROVIDER_NOT_FOUND);
    // A new provider's id must be free.
    given(decider, [saved()]).when(save()).thenThrows(EXTERNAL_PROVIDER_NOT_FOUND);
  });

  it('deletes once', () => {
    given(decider, [saved()]).when({ type: 'DeleteExternalProvider', id: 3, supplierId: 5 }).then([deleted]);
  });

  it.each([
    [{ name: ' ' }, M.name],
    [{ baseUrl: '' }, M.baseUrl],
    [{ baseUrl: 'ftp://octo.example.com' }, M.baseUrlHttp],
    [{ baseUrl: 'octo.example.com/api' }, M.baseUrlHttp],
    [{ baseUrl: 'https://user:secret@octo.example.com' }, M.baseUrlCredentials],
    [{ baseUrl: 'https://octo.example.com/api?key=1' }, M.baseUrlQuery],
    [{ apiKey: null }, M.apiKey],
  ] as [Partial<Extract<ExternalProviderCommand, { type: 'SaveExternalProvider' }>>, string][])('refuses %j with "%s"', (over, message) => {
    given(decider).when(save(over)).thenThrows(ValidationError);
    given(decider).when(save(over)).thenThrows(message);
  });

  it.each(['http://127.0.0.1:6379', 'http://localhost:5432/octo', 'http://10.0.0.5/octo', 'http://169.254.169.254/latest', 'http://[::1]:8080/octo', 'http://0x7f000001/octo', 'http://[::ffff:192.168.1.1]/'])(
    'refuses the literal local or private address %s with the provider address message',
    (baseUrl) => {
      given(decider).when(save({ baseUrl })).thenThrows(ValidationError);
      given(decider).when(save({ baseUrl })).thenThrows(PROVIDER_ADDRESS_MESSAGE);
    },
  );

  it('takes a private address only with the allowance (EXTERNAL_PROVIDERS_ALLOW_PRIVATE, tests only)', () => {
    given(decider)
      .when(save({ baseUrl: 'http://127.0.0.1:6379', allowPrivateAddresses: true }))
      .then([saved({ baseUrl: 'http://127.0.0.1:6379' })]);
  });

  it('answers whether a key is stored, never the key', () => {
    const view = externalProviderView({ id: 3, name: 'Desert Tickets', baseUrl: 'https://octo.example.com', apiKey: sealed(1) });
    expect(view).toEqual({ id: 3, name: 'Desert Tickets', baseUrl: 'https://octo.example.com', hasApiKey: true });
  });
});

describe('external provider form rules', () => {
  it('accepts http and https base URLs with a path', () => {
    expect(baseUrlProblem('http://127.0.0.1:8080/octo')).toBeNull();
    expect(baseUrlProblem('https://api.ventrata.com/octo/')).toBeNull();
  });

  it('takes only visible ASCII as an API key (it goes into a header)', () => {
    expect(isApiKeyText('b6e1c0a2-2f8e-4f5a-9a3d-7d1c2b3a4e5f')).toBe(true);
    expect(isApiKeyText('two words')).toBe(false);
    expect(isApiKeyText('line\nbreak')).toBe(false);
    expect(isApiKeyText('ключ')).toBe(false);
  });
});
