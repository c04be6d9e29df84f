import { z } from 'zod';

/** One tier of a cancellation policy as the API sends and takes it: within `hours` of the start, `percents` is kept. */
export const policyTierSchema = z.object({ hours: z.number(), percents: z.number() });

/** A whole cancellation policy: its tiers. */
export const cancellationPolicySchema = z.array(policyTierSchema);
