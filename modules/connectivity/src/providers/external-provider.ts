import type { ExternalProviderEvent, SealedApiKeyData } from '@tbo/event-schemas';
import { EntityStream, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import { baseUrlProblem, EXTERNAL_PROVIDER_LIMITS, EXTERNAL_PROVIDER_MESSAGES, normalizeBaseUrl } from './external-provider-rules.pure';
import { baseUrlAddressProblem } from './provider-address.pure';

export interface ExternalProviderState {
  id: number;
  supplierId: number | null;
  exists: boolean;
  isDeleted: boolean;
  name: string;
  baseUrl: string;
  /** Sealed; opened only to call the provider (provider-connections.ts). */
  apiKey: SealedApiKeyData | null;
}

export type ExternalProviderCommand =
  /**
   * apiKey null: keep the stored key (the form never gets it back, so an edit sends none). allowPrivateAddresses:
   * EXTERNAL_PROVIDERS_ALLOW_PRIVATE (tests only), else a base URL naming a loopback or private address is refused.
   */
  | { type: 'SaveExternalProvider'; id: number; supplierId: number; isNew: boolean; name: string; baseUrl: string; apiKey: SealedApiKeyData | null; allowPrivateAddresses?: boolean }
  | { type: 'DeleteExternalProvider'; id: number; supplierId: number };

export const EXTERNAL_PROVIDER_NOT_FOUND = 'External provider not found or you are not allowed to manage it';
export const externalProviderNotFound = () => new NotFoundError(EXTERNAL_PROVIDER_NOT_FOUND, 'Not found');

export const emptyExternalProviderState = (id = 0): ExternalProviderState => ({ id, supplierId: null, exists: false, isDeleted: false, name: '', baseUrl: '', apiKey: null });

/** Whether the caller's supplier may use the provider: it exists, is not deleted, and is theirs. */
export const isOwnedBy = (state: ExternalProviderState, supplierId: number) => state.exists && !state.isDeleted && state.supplierId === supplierId;

function problemsOf(cmd: Extract<ExternalProviderCommand, { type: 'SaveExternalProvider' }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!cmd.name.trim()) errors.name = [EXTERNAL_PROVIDER_MESSAGES.name];
  else if (cmd.name.trim().length > EXTERNAL_PROVIDER_LIMITS.name) errors.name = [`Provider name is at most ${EXTERNAL_PROVIDER_LIMITS.name} characters`];
  const url = baseUrlProblem(cmd.baseUrl) ?? (cmd.allowPrivateAddresses ? null : baseUrlAddressProblem(cmd.baseUrl));
  if (url) errors.baseUrl = [url];
  if (cmd.isNew && !cmd.apiKey) errors.apiKey = [EXTERNAL_PROVIDER_MESSAGES.apiKey];
  return errors;
}

/**
 * A supplier's upstream OCTO provider. A save states the provider whole (its sealed key included, carried over
 * when the command brings none); a deleted provider is gone for good. Another supplier's provider is answered
 * as not found, never as forbidden.
 */
export const externalProviderDecider: Decider<ExternalProviderCommand, ExternalProviderEvent, ExternalProviderState> = {
  initialState: emptyExternalProviderState(),
  evolve(state, event) {
    switch (event.type) {
      case 'ExternalProviderSaved': {
        const { id, supplierId, name, baseUrl, apiKey } = event.data;
        return { ...state, id, supplierId, exists: true, name, baseUrl, apiKey };
      }
      case 'ExternalProviderDeleted':
        return { ...state, isDeleted: true };
    }
  },
  decide(cmd, state) {
    const key = { id: cmd.id, supplierId: cmd.supplierId };
    const isNew = cmd.type === 'SaveExternalProvider' && cmd.isNew;
    if (isNew ? state.exists : !isOwnedBy(state, cmd.supplierId)) throw externalProviderNotFound();
    if (cmd.type === 'DeleteExternalProvider') return [{ type: 'ExternalProviderDeleted', data: key }];

    const problems = problemsOf(cmd);
    const first = Object.values(problems)[0]?.[0];
    if (first) throw new ValidationError(first, problems);
    const name = cmd.name.trim();
    const baseUrl = normalizeBaseUrl(cmd.baseUrl);
    if (!isNew && !cmd.apiKey && name === state.name && baseUrl === state.baseUrl) return [];
    const apiKey = cmd.apiKey ?? state.apiKey!;
    return [{ type: 'ExternalProviderSaved', data: { ...key, name, baseUrl, apiKey } }];
  },
};

export const externalProviderStream = (id: number) => `externalprovider-${id}`;

/** What the API answers about a provider: never its key, only whether it has one. */
export interface ExternalProviderView {
  id: number;
  name: string;
  baseUrl: string;
  hasApiKey: boolean;
}

export const externalProviderView = (s: Pick<ExternalProviderState, 'id' | 'name' | 'baseUrl' | 'apiKey'>): ExternalProviderView => ({
  id: s.id,
  name: s.name,
  baseUrl: s.baseUrl,
  hasApiKey: s.apiKey !== null,
});

/** The provider's stream as the module's handlers run and read it. */
export const externalProviders = new EntityStream(externalProviderStream, externalProviderDecider, emptyExternalProviderState);
