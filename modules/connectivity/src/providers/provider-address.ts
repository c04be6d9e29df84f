import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { Agent } from 'undici';
import { OctoError, OctoUnreachableError } from '../octo/octo-errors';
import { ipLiteralOf, isLocalhostName, isRefusedAddress, PROVIDER_ADDRESS_MESSAGE } from './provider-address.pure';

/**
 * Where providers may be, read from the environment on every call (as octoCallConfig is):
 *
 *   EXTERNAL_PROVIDERS_ALLOW_PRIVATE   '1' lets a provider's base URL name a loopback or private address. For the
 *                                      tests' fake provider on 127.0.0.1 and local development only; unset (the
 *                                      default), such addresses are refused at save and at every call.
 */
export interface ProviderAddressConfig {
  allowPrivate: boolean;
}

export function providerAddressConfig(env: NodeJS.ProcessEnv = process.env): ProviderAddressConfig {
  return { allowPrivate: env.EXTERNAL_PROVIDERS_ALLOW_PRIVATE === '1' };
}

/** A provider whose address is one of ours: the envelope with the title 'External provider', as its other failures. */
export class ProviderAddressRefusedError extends OctoError {
  constructor() {
    super(422, PROVIDER_ADDRESS_MESSAGE);
  }
}

/** How a host name becomes its addresses (DNS in the app; a stub in specs). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Refuses a base URL whose host is, or resolves to, a refused address (provider-address.pure.ts), just before the
 * call: a name that was public when saved may point inside later. Every address the name has must pass, whichever
 * one the call would pick. A name that does not resolve answers as an unreachable provider.
 */
export async function assertProviderAddress(baseUrl: string, resolve: ResolveHost = resolveWithDns, config: ProviderAddressConfig = providerAddressConfig()): Promise<void> {
  if (config.allowPrivate) return;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ProviderAddressRefusedError();
  }
  const literal = ipLiteralOf(url.hostname);
  if (literal !== null) {
    if (isRefusedAddress(literal)) throw new ProviderAddressRefusedError();
    return;
  }
  if (isLocalhostName(url.hostname)) throw new ProviderAddressRefusedError();
  let addresses: string[];
  try {
    addresses = await resolve(url.hostname);
  } catch {
    throw new OctoUnreachableError(url.host);
  }
  if (!addresses.length) throw new OctoUnreachableError(url.host);
  if (addresses.some(isRefusedAddress)) throw new ProviderAddressRefusedError();
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The DNS lookup of every connection to a provider, checked: a name that passed assertProviderAddress a moment
 * before could answer otherwise when the socket connects (DNS rebinding), so the addresses the connection will
 * actually use are judged too. Reads the allowance on each connection, as assertProviderAddress does.
 */
export function checkedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (!providerAddressConfig().allowPrivate && addresses.some((a) => isRefusedAddress(a.address))) return callback(new ProviderAddressRefusedError() as unknown as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** The connections to providers: every one through checkedLookup. */
export const providerDispatcher = new Agent({ connect: { lookup: checkedLookup as never } });
