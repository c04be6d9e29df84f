import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/** A supplier: the company whose staff run the back office (stream `supplier-<id>`). */
export const SupplierRegistered = z.object({
  id: z.number().int().positive().max(PG_INT_MAX),
  name: z.string().min(1).max(200),
  city: z.string().max(100),
});

/** A travel agency whose agents sell the supplier's tours (stream `agency-<id>`). */
export const AgencyRegistered = z.object({
  id: z.number().int().positive().max(PG_INT_MAX),
  name: z.string().min(1).max(200),
});

export type SupplierEvent = EventUnion<{ SupplierRegistered: typeof SupplierRegistered }>;
export type AgencyEvent = EventUnion<{ AgencyRegistered: typeof AgencyRegistered }>;

export const tenantEventSchemas: EventSchemaDefinition[] = [
  { type: 'SupplierRegistered', version: 1, schema: SupplierRegistered, example: { id: 1, name: 'Desert Routes Tourism LLC', city: 'Dubai' } },
  { type: 'AgencyRegistered', version: 1, schema: AgencyRegistered, example: { id: 1, name: 'Gulf Horizons Travel' } },
];
