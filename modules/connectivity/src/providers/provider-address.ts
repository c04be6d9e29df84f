import { lookup } from 'node:dns/promises';
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
