import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export interface PickUpTimeOption {
  value: number;
  label: string;
}

/** Options as {value, label}; {id, name} is read too. A null answer is no options. */
const rawOption = z.object({ value: z.number().optional(), id: z.number().optional(), label: z.string().nullish(), name: z.string().nullish() });
const optionsAnswer = z
  .array(rawOption)
  .nullable()
  .transform((rows) => (rows ?? []).map((o): PickUpTimeOption => ({ value: Number(o.value ?? o.id), label: o.label ?? o.name ?? '' })).filter((o) => Number.isFinite(o.value)));

/** GET /api/pickuptimes/options: the supplier's pick-up times to choose for a group or a slot. */
export const pickUpTimeOptionsQuery = {
  queryKey: ['pickuptimes', 'options'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiCall(optionsAnswer, 'GET', '/api/pickuptimes/options', undefined, { signal }),
  staleTime: 30_000,
};

export function usePickUpTimeOptions() {
  return useQuery(pickUpTimeOptionsQuery);
}
