import { apiCall } from '../../../lib/api-client';
import { savedExternalProviderSchema, type SavedExternalProvider } from './external-provider.schema';
import { rememberProviderPosition } from './read-after';

/** What POST / PUT /api/connectivity/providers take. An empty or missing apiKey keeps the stored key. */
export interface ExternalProviderPayload {
  id: number;
  name: string;
  baseUrl: string;
  apiKey?: string;
  version?: number | null;
}

/**
 * POST (new, id 0, with its key) or PUT (with its version: a stale one answers 409). Silent: the form places the
 * field errors and the conflict itself.
 */
export async function saveExternalProvider(payload: ExternalProviderPayload): Promise<SavedExternalProvider> {
  const isNew = payload.id === 0;
  const body = isNew ? { id: 0, name: payload.name, baseUrl: payload.baseUrl, apiKey: payload.apiKey ?? '' } : payload;
  const saved = await apiCall(savedExternalProviderSchema, isNew ? 'POST' : 'PUT', '/api/connectivity/providers', body, { silent: true });
  rememberProviderPosition(saved.position);
  return saved;
}
