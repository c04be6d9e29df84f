import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/**
 * A contract: a supplier lets one agency sell its tours (stream `contract-s<supplierId>a<agencyId>`).
 * `commission` (percent) replaces the valid period's commission for the agency's new bookings; null keeps
 * the period's. A suspended contract sells nothing until it is resumed; bookings already made stand.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { supplierId: id, agencyId: id };
const commission = z.number().min(0).max(100).nullable();

export const ContractSigned = z.object({ ...key, commission });
export const ContractCommissionSet = z.object({ ...key, commission });
export const ContractSuspended = z.object(key);
export const ContractResumed = z.object(key);

export const contractEventTypes = { ContractSigned, ContractCommissionSet, ContractSuspended, ContractResumed };
export type ContractEvent = EventUnion<typeof contractEventTypes>;

const k = { supplierId: 1, agencyId: 1 };
export const contractEventSchemas: EventSchemaDefinition[] = [
  { type: 'ContractSigned', version: 1, schema: ContractSigned, example: { ...k, commission: null } },
  { type: 'ContractCommissionSet', version: 1, schema: ContractCommissionSet, example: { ...k, commission: 25 } },
  { type: 'ContractSuspended', version: 1, schema: ContractSuspended, example: k },
  { type: 'ContractResumed', version: 1, schema: ContractResumed, example: k },
];
