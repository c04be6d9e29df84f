import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderAddressRefusedError } from '../providers/provider-address';
import { HttpOctoClient } from './http-octo-client.adapter';
import { describeTimeout, octoCallConfig } from './octo-config';
import { OctoHttpError, OctoMalformedAnswerError, OctoOptionNotFoundError, providerText } from './octo-errors';

/** The adapter's edges that the API tests' OCTO provider does not play: redirects, huge answers, option errors. */
describe('OCTO client over fetch', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  const client = new HttpOctoClient();

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      if (req.url === '/moved/products') {
        res.writeHead(302, { Location: 'http://example.invalid/steal-the-key' });
        return res.end();
      }
      if (req.url === '/huge/products') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('[');
        const chunk = `${'{"id":"x","options":[]},'.repeat(10_000)}`;
        for (let i = 0; i < 25; i++) res.write(chunk); // about 6 MB
        return res.end('{"id":"y","options":[]}]');
      }
      if (req.url === '/octo/availability') {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: 'INVALID_OPTION_ID', errorMessage: 'The optionId was missing or invalid' }));
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Numeric ids and unknown fields: read leniently.
      res.end(JSON.stringify([{ id: 42, internalName: 'Abra ride', extra: { any: true }, options: [{ id: 1, availabilityLocalStartTimes: ['10:00'] }] }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads products leniently: ids as text, unknown fields kept', async () => {
    const [p] = await client.products({ baseUrl: `${base}/octo/`, apiKey: 'k' });
    expect(p).toMatchObject({ id: '42', internalName: 'Abra ride', extra: { any: true }, options: [{ id: '1' }] });
  });

  it('follows no redirect (the key goes only where it was configured)', async () => {
    await expect(client.products({ baseUrl: `${base}/moved`, apiKey: 'k' })).rejects.toThrow(OctoHttpError);
    await expect(client.products({ baseUrl: `${base}/moved`, apiKey: 'k' })).rejects.toThrow('HTTP 302');
  });

  it('stops reading an answer larger than it will ever need', async () => {
    await expect(client.products({ baseUrl: `${base}/huge`, apiKey: 'k' })).rejects.toThrow(OctoMalformedAnswerError);
  });

  it('checks the address each connection resolves to: a name that points inside is refused before anything is sent', async () => {
    const byName = `http://localhost:${(server.address() as AddressInfo).port}/octo`;
    const before = requests;
    const allowance = process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE;
    delete process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE;
    try {
      await expect(client.products({ baseUrl: byName, apiKey: 'k' })).rejects.toBeInstanceOf(ProviderAddressRefusedError);
      expect(requests).toBe(before);
      // With the tests' allowance the same name is called.
      process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE = '1';
      await expect(client.products({ baseUrl: byName, apiKey: 'k' })).resolves.toHaveLength(1);
      expect(requests).toBe(before + 1);
    } finally {
      if (allowance === undefined) delete process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE;
      else process.env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE = allowance;
    }
  });

  it("turns OCTO's INVALID_OPTION_ID into an unknown option", async () => {
    const query = { productId: 'p', optionId: 'o', localDateStart: '2026-05-01', localDateEnd: '2026-05-02' };
    await expect(client.availability({ baseUrl: `${base}/octo`, apiKey: 'k' }, query)).rejects.toThrow(OctoOptionNotFoundError);
  });
});

describe('OCTO call settings and texts', () => {
  it('defaults the timeout to 8 seconds and takes OCTO_TIMEOUT_MS when it is a positive number', () => {
    expect(octoCallConfig({})).toEqual({ timeoutMs: 8000 });
    expect(octoCallConfig({ OCTO_TIMEOUT_MS: '250' })).toEqual({ timeoutMs: 250 });
    expect(octoCallConfig({ OCTO_TIMEOUT_MS: 'soon' })).toEqual({ timeoutMs: 8000 });
    expect(octoCallConfig({ OCTO_TIMEOUT_MS: '-5' })).toEqual({ timeoutMs: 8000 });
  });

  it('names the timeout in seconds', () => {
    expect(describeTimeout(8000)).toBe('8 seconds');
    expect(describeTimeout(1000)).toBe('1 second');
    expect(describeTimeout(500)).toBe('0.5 seconds');
  });

  it("shows a provider's message on one short line", () => {
    expect(providerText('bad\r\nthing\u0000here')).toBe('bad thing here');
    expect(providerText('x'.repeat(500))).toHaveLength(200);
    expect(providerText('  ')).toBeNull();
  });
});
