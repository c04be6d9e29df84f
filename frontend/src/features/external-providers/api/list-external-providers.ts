import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { externalProviderSchema, type ExternalProvider } from './external-provider.schema';
import { providersAfterQuery } from './read-after';

const listAnswer = z
  .array(externalProviderSchema)
  .nullable()
  .transform((rows) => rows ?? []);

/** GET /api/connectivity/providers: the supplier's providers by name (this tab's last change is waited for). */
export function listExternalProviders(signal?: AbortSignal): Promise<ExternalProvider[]> {
  return apiCall(listAnswer, 'GET', `/api/connectivity/providers${providersAfterQuery()}`, undefined, { signal });
}
