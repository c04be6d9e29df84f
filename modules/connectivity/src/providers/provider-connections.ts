import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@tbo/kernel';
import type { OctoConnection } from '../octo/octo-client.port';
import { SecretBox } from '../secrets/secret-box';
import { externalProviderNotFound, externalProviders, isOwnedBy } from './external-provider';
import { assertProviderAddress } from './provider-address';

/**
 * How to reach one of the caller's providers. Read from the provider's stream, not the read table: the sealed
 * key lives only there, and a provider saved a moment ago is usable at once (no projection lag in the editor).
 * Its address is checked here, at every call and not only at save (a name may resolve elsewhere by now): one of
 * ours (loopback, private, link-local, …) answers 422 'This address is not allowed for a provider…' and is not called.
 */
@Injectable()
export class ProviderConnections {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly secrets: SecretBox,
  ) {}

  /** Another supplier's, a deleted or an unknown provider: 404 'Not found', the same answer for all three. */
  async connectionFor(supplierId: number, providerId: number): Promise<OctoConnection> {
    const state = await externalProviders.load(this.store, providerId);
    if (!isOwnedBy(state, supplierId) || !state.apiKey) throw externalProviderNotFound();
    await assertProviderAddress(state.baseUrl);
    return { baseUrl: state.baseUrl, apiKey: this.secrets.open(state.apiKey, externalProviders.stream(providerId)) };
  }
}
