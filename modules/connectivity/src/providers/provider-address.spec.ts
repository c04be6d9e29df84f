import { OctoUnreachableError } from '../octo/octo-errors';
import { assertProviderAddress, ProviderAddressRefusedError, providerAddressConfig, type ResolveHost } from './provider-address';
import { baseUrlAddressProblem, ipv6Number, isPathSafeOctoId, isRefusedAddress, PROVIDER_ADDRESS_MESSAGE } from './provider-address.pure';

const refuse = { allowPrivate: false };
const resolvesTo =
  (...addresses: string[]): ResolveHost =>
  () =>
    Promise.resolve(addresses);

describe('provider addresses', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '0.0.0.0', '100.100.100.200', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:c0a8:101::1', 'not an address',
  ])('refuses %s', (ip) => {
    expect(isRefusedAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001:81c::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])('allows the public address %s', (ip) => {
    expect(isRefusedAddress(ip)).toBe(false);
  });

  it('reads IPv6 text in all its forms', () => {
    expect(ipv6Number('::1')).toBe(1n);
    expect(ipv6Number('[::1]')).toBe(1n);
    expect(ipv6Number('0:0:0:0:0:0:0:1')).toBe(1n);
    expect(ipv6Number('::ffff:1.2.3.4')).toBe(0xffff01020304n);
    expect(ipv6Number('1::2::3')).toBeNull();
    expect(ipv6Number('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(ipv6Number('12345::')).toBeNull();
  });

  it('refuses at save the literal local addresses and localhost, in any spelling URL parsing accepts', () => {
    for (const url of ['http://127.0.0.1:6379', 'http://127.1/octo', 'http://2130706433/', 'http://0x7f.0.0.1/', 'http://LOCALHOST:5432', 'http://localhost./', 'http://api.localhost/', 'http://[::1]/', 'http://[0:0:0:0:0:ffff:a00:1]/', 'https://192.168.1.1/octo']) {
      expect([url, baseUrlAddressProblem(url)]).toEqual([url, PROVIDER_ADDRESS_MESSAGE]);
    }
    // Names are judged at the call, by what they resolve to.
    for (const url of ['https://api.ventrata.com/octo', 'http://redis:6379', 'https://8.8.8.8/octo', 'not a url']) expect(baseUrlAddressProblem(url)).toBeNull();
  });

  it('refuses at the call a name that resolves to a refused address, any of its addresses', async () => {
    await expect(assertProviderAddress('http://redis:6379', resolvesTo('172.18.0.3'), refuse)).rejects.toThrow(ProviderAddressRefusedError);
    await expect(assertProviderAddress('https://octo.example.com/octo', resolvesTo('93.184.216.34', '::1'), refuse)).rejects.toThrow(PROVIDER_ADDRESS_MESSAGE);
    await expect(assertProviderAddress('http://127.0.0.1:5432/octo', resolvesTo('93.184.216.34'), refuse)).rejects.toMatchObject({ code: 422, title: 'External provider' });
    await expect(assertProviderAddress('http://localhost:5432', resolvesTo('93.184.216.34'), refuse)).rejects.toThrow(ProviderAddressRefusedError);
    await expect(assertProviderAddress('http://[fd00::1]/octo', resolvesTo(), refuse)).rejects.toThrow(ProviderAddressRefusedError);
  });

  it('lets a public provider through, and answers a name that does not resolve as unreachable', async () => {
    await expect(assertProviderAddress('https://octo.example.com/octo', resolvesTo('93.184.216.34', '2606:2800:220:1::1'), refuse)).resolves.toBeUndefined();
    await expect(assertProviderAddress('https://93.184.216.34/octo', () => Promise.reject(new Error('not asked')), refuse)).resolves.toBeUndefined();
    await expect(assertProviderAddress('https://nowhere.invalid/octo', () => Promise.reject(new Error('ENOTFOUND')), refuse)).rejects.toThrow(OctoUnreachableError);
  });

  it('allows private addresses only when EXTERNAL_PROVIDERS_ALLOW_PRIVATE is exactly 1', async () => {
    expect(providerAddressConfig({})).toEqual({ allowPrivate: false });
    expect(providerAddressConfig({ EXTERNAL_PROVIDERS_ALLOW_PRIVATE: 'true' })).toEqual({ allowPrivate: false });
    expect(providerAddressConfig({ EXTERNAL_PROVIDERS_ALLOW_PRIVATE: '1' })).toEqual({ allowPrivate: true });
    await expect(assertProviderAddress('http://127.0.0.1:5432', resolvesTo(), { allowPrivate: true })).resolves.toBeUndefined();
  });

  it("takes as an OCTO product id neither '.' nor '..' nor an id with a slash", () => {
    for (const id of ['.', '..', 'a/b', '../products', 'a\\b']) expect(isPathSafeOctoId(id)).toBe(false);
    for (const id of ['desert-safari', 'a.b', '...', '12345', 'Ürün']) expect(isPathSafeOctoId(id)).toBe(true);
  });
});
