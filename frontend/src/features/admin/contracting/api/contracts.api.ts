import { z } from 'zod';
import { apiCall } from '../../../../lib/api-client';
import { afterQuery, rememberPosition } from '../../../../lib/read-after';

/** Read your writes for the contracting tab: the list and the agencies waiting to be signed follow the last change. */
const AFTER_KEY = 'tbo.contracts.after';
const remember = <T extends { position: string | null }>(saved: T): T => {
  rememberPosition(saved.position, AFTER_KEY);
  return saved;
};

const commission = z.number().nullable();

/** GET /api/contracts: one row per contracted agency. */
export const contractRowSchema = z.object({
  agencyId: z.number(),
  agencyName: z.string(),
  commission,
  isSuspended: z.boolean(),
  signedAt: z.string(),
  agents: z.number(),
});
export type ContractRow = z.output<typeof contractRowSchema>;

const savedContractSchema = z.object({ agencyId: z.number(), commission, isSuspended: z.boolean(), position: z.string().nullable() });
export type SavedContract = z.output<typeof savedContractSchema>;

const addedAgencySchema = savedContractSchema.extend({ agencyName: z.string(), agentId: z.number(), agentEmail: z.string() });
export type AddedAgency = z.output<typeof addedAgencySchema>;

const listOf = <S extends z.ZodType>(item: S) =>
  z
    .array(item)
    .nullable()
    .transform((rows) => (rows ?? []) as z.output<S>[]);

export const CONTRACTS_KEY = ['admin', 'contracts'] as const;
export const UNCONTRACTED_AGENCIES_KEY = ['admin', 'contracts', 'agencies'] as const;

export function listContracts(signal?: AbortSignal): Promise<ContractRow[]> {
  return apiCall(listOf(contractRowSchema), 'GET', `/api/contracts${afterQuery(AFTER_KEY)}`, undefined, { signal });
}

/** GET /api/contracts/agencies: registered agencies this supplier has not contracted yet. */
export function listUncontractedAgencies(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  return apiCall(listOf(z.object({ id: z.number(), name: z.string() })), 'GET', `/api/contracts/agencies${afterQuery(AFTER_KEY)}`, undefined, { signal });
}

export interface AddAgencyPayload {
  agencyName: string;
  agentFullName: string;
  agentEmail: string;
  agentPassword: string;
  commission: number | null;
}

/** Silent: the form places the field messages itself. */
export async function addAgency(payload: AddAgencyPayload): Promise<AddedAgency> {
  return remember(await apiCall(addedAgencySchema, 'POST', '/api/contracts', payload, { silent: true }));
}

export async function signAgency(agencyId: number, commission: number | null): Promise<SavedContract> {
  return remember(await apiCall(savedContractSchema, 'POST', `/api/contracts/${agencyId}`, { commission }, { silent: true }));
}

export async function setCommission(agencyId: number, commission: number | null): Promise<SavedContract> {
  return remember(await apiCall(savedContractSchema, 'PUT', `/api/contracts/${agencyId}`, { commission }, { silent: true }));
}

/** Suspend (or resume with `suspend` false). Errors are notified by the shared call. */
export async function suspendContract(agencyId: number, suspend: boolean): Promise<SavedContract> {
  return remember(await apiCall(savedContractSchema, 'POST', `/api/contracts/${agencyId}/${suspend ? 'suspend' : 'resume'}`));
}
