import { z } from 'zod';
import { PG_INT_MAX, type CommandContext } from '@tbo/kernel';

const id = z.number().int().positive().max(PG_INT_MAX).optional();

export const registerSupplierInput = z
  .object({
    /** A fixed id (seed data); a new one from the `supplier` sequence when left out. */
    id,
    name: z.string({ message: 'Supplier name is required' }).trim().min(1, 'Supplier name is required').max(200, 'Supplier name is at most 200 characters'),
    city: z.string().trim().max(100, 'City is at most 100 characters').default(''),
  })
  .strict();

export const registerAgencyInput = z
  .object({
    id,
    name: z.string({ message: 'Agency name is required' }).trim().min(1, 'Agency name is required').max(200, 'Agency name is at most 200 characters'),
  })
  .strict();

export type RegisterSupplierInput = z.input<typeof registerSupplierInput>;
export type RegisterAgencyInput = z.input<typeof registerAgencyInput>;

export interface RegisteredTenant {
  id: number;
  /** Null when it was already registered with the same details (nothing appended). */
  position: string | null;
}

export class RegisterSupplierCommand {
  constructor(
    readonly input: RegisterSupplierInput,
    readonly context: CommandContext,
  ) {}
}

export class RegisterAgencyCommand {
  constructor(
    readonly input: RegisterAgencyInput,
    readonly context: CommandContext,
  ) {}
}
