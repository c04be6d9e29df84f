import { apiCall } from '../../../lib/api-client';
import { deletedExternalProviderSchema, type DeletedExternalProvider } from './external-provider.schema';
import { rememberProviderPosition } from './read-after';

/** DELETE /api/connectivity/providers/{id}: gone for good; the list waits for it. Errors are notified by the shared call. */
export async function deleteExternalProvider(id: number): Promise<DeletedExternalProvider> {
  const deleted = await apiCall(deletedExternalProviderSchema, 'DELETE', `/api/connectivity/providers/${id}`);
  rememberProviderPosition(deleted.position);
  return deleted;
}
