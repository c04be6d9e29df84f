import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Only the count matters here: any array of products. */
const productsAnswer = z
  .array(z.unknown())
  .nullable()
  .transform((rows) => rows ?? []);

/**
 * A connection test: GET /api/timeslots/externaloffers?apiproviderid= makes the API call the provider with its
 * stored base URL and key, and answers its products. Answers how many; a failure is thrown (its message is the
 * envelope's ErrorMessage). Silent: the form shows the outcome.
 */
export async function testExternalProvider(id: number): Promise<number> {
  const products = await apiCall(productsAnswer, 'GET', `/api/timeslots/externaloffers?apiproviderid=${id}`, undefined, { silent: true });
  return products.length;
}
