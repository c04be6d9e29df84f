import { z } from 'zod';
import type { EventSchemaDefinition } from '../registry';

/** A supplier: the company whose staff run the back office (stream `supplier-<id>`). */
export const SupplierRegistered = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(200),
  city: z.string().max(100),
});

/** A travel agency whose agents sell the supplier's tours (stream `agency-<id>`). */
export const AgencyRegistered = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(200),
});

export type SupplierRegisteredData = z.infer<typeof SupplierRegistered>;
export type AgencyRegisteredData = z.infer<typeof AgencyRegistered>;

export type SupplierEvent = { type: 'SupplierRegistered'; data: SupplierRegisteredData };
export type AgencyEvent = { type: 'AgencyRegistered'; data: AgencyRegisteredData };

export const tenantEventSchemas: EventSchemaDefinition[] = [
  { type: 'SupplierRegistered', version: 1, schema: SupplierRegistered, example: { id: 1, name: 'Desert Routes Tourism LLC', city: 'Dubai' } },
  { type: 'AgencyRegistered', version: 1, schema: AgencyRegistered, example: { id: 1, name: 'Gulf Horizons Travel' } },
];
