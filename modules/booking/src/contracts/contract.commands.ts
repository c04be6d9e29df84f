import { z } from 'zod';
import type { CommandContext } from '@tbo/kernel';
import { CONTRACT_LIMITS, CONTRACT_MESSAGES } from './contract-rules.pure';

/*
 * Types and sizes are checked here; the commission's range is the decider's rule (one message either way), and the
 * password policy is identity's, checked by the add-agency handler before anything is registered.
 */

/** A percent or null ('Period commission': the valid period's own commission applies). */
const commission = z
  .number({ message: CONTRACT_MESSAGES.commission })
  .nullish()
  .transform((v) => v ?? null);

export const signContractInput = z.object({ commission }).strict();
export type SignContractInput = z.output<typeof signContractInput>;

export const setCommissionInput = signContractInput;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/** POST /api/contracts: a new agency, its first agent (the agency admin) and the contract, in one form. */
export const addAgencyInput = z
  .object({
    agencyName: text('Agency name', CONTRACT_LIMITS.agencyName),
    agentFullName: text("Agent's full name", CONTRACT_LIMITS.agentFullName),
    agentEmail: text("Agent's email address", CONTRACT_LIMITS.agentEmail).pipe(z.email({ message: 'Enter a valid email address' })).transform((e) => e.toLowerCase()),
    agentPassword: z.string({ message: 'Enter a password for the agent' }).max(1000, 'The password is too long'),
    commission,
  })
  .strict();
export type AddAgencyInput = z.output<typeof addAgencyInput>;

/** What every contract command answers: the contract as it stands, and the position a list's ?after= waits for. */
export interface SavedContract {
  agencyId: number;
  commission: number | null;
  isSuspended: boolean;
  position: string | null;
}

export class SignContractCommand {
  constructor(
    readonly supplierId: number,
    readonly agencyId: number,
    readonly commission: number | null,
    readonly context: CommandContext,
  ) {}
}

export class SetContractCommissionCommand {
  constructor(
    readonly supplierId: number,
    readonly agencyId: number,
    readonly commission: number | null,
    readonly context: CommandContext,
  ) {}
}

export class SuspendContractCommand {
  constructor(
    readonly supplierId: number,
    readonly agencyId: number,
    /** false resumes it. */
    readonly suspend: boolean,
    readonly context: CommandContext,
  ) {}
}

/** Registers an agency with its first agent and signs it; answers the contract and the agent's id. */
export class AddContractedAgencyCommand {
  constructor(
    readonly supplierId: number,
    readonly input: AddAgencyInput,
    readonly context: CommandContext,
  ) {}
}

export interface AddedAgency extends SavedContract {
  agencyName: string;
  agentId: number;
  agentEmail: string;
}
