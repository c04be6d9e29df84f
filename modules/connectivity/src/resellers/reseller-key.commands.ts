import { z } from 'zod';
import type { CommandContext } from '@tbo/kernel';
import { RESELLER_KEY_LIMITS, RESELLER_KEY_MESSAGES } from './reseller-key-rules.pure';

/** The issue form: a name to tell the key apart (the reseller's system, say). Emptiness is the decider's rule. */
export const issueResellerKeyInput = z
  .object({
    name: z
      .string({ message: 'Key name must be text' })
      .max(RESELLER_KEY_LIMITS.name, RESELLER_KEY_MESSAGES.nameLength)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .strict();
export type IssueResellerKeyInput = z.output<typeof issueResellerKeyInput>;

export class IssueResellerKeyCommand {
  constructor(
    readonly supplierId: number,
    readonly agencyId: number,
    readonly name: string,
    readonly context: CommandContext,
    /** The key in clear, for the demo seed's fixed key only; otherwise a new random key is made. */
    readonly givenKey?: string,
  ) {}
}

export class RevokeResellerKeyCommand {
  constructor(
    readonly supplierId: number,
    readonly agencyId: number,
    readonly keyId: number,
    readonly context: CommandContext,
  ) {}
}

/** The issue answer: the only time the key is ever shown. */
export interface IssuedResellerKey {
  id: number;
  name: string;
  keyPrefix: string;
  key: string;
  issuedAt: string;
  position: string | null;
}

export interface RevokedResellerKey {
  id: number;
  revokedAt: string;
  position: string | null;
}
