import { apiCall } from '../../../lib/api-client';
import { externalProviderSchema, type ExternalProvider } from './external-provider.schema';
import { providersAfterQuery } from './read-after';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRIES = 10;
const RETRY_MS = 200;

/**
 * GET /api/connectivity/providers/{id}: the provider as stored now. `newerThan`: a save elsewhere made the form's
 * version stale, so the read is asked again, briefly, until it shows a later version. Silent: the caller says
 * what went wrong (another supplier's or a deleted provider answers 404).
 */
export async function getExternalProvider(id: number, newerThan?: number | null): Promise<ExternalProvider> {
  for (let attempt = 0; ; attempt++) {
    const item = await apiCall(externalProviderSchema, 'GET', `/api/connectivity/providers/${id}${providersAfterQuery()}`, undefined, { silent: true });
    if (newerThan === undefined || newerThan === null || item.version === null || item.version > newerThan || attempt >= RETRIES) return item;
    await sleep(RETRY_MS);
  }
}
