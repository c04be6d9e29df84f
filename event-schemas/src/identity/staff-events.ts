import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

const id = z.number().int().positive().max(PG_INT_MAX);

/**
 * Stream `staff-<supplierId>`: the supplier's active admins, the one place "never remove the last admin" is
 * decided (appended with the expected revision). Opened once from the users' own streams; afterwards every
 * change of an admin's roles or activity passes through it.
 */
export const StaffRosterOpened = z.object({ supplierId: id, adminIds: z.array(id) });
export const SupplierAdminGranted = z.object({ supplierId: id, userId: id });
export const SupplierAdminRevoked = z.object({ supplierId: id, userId: id });

export const staffEventTypes = { StaffRosterOpened, SupplierAdminGranted, SupplierAdminRevoked };
export type StaffRosterEvent = EventUnion<typeof staffEventTypes>;

export const staffEventSchemas: EventSchemaDefinition[] = [
  { type: 'StaffRosterOpened', version: 1, schema: StaffRosterOpened, example: { supplierId: 1, adminIds: [1, 2] } },
  { type: 'SupplierAdminGranted', version: 1, schema: SupplierAdminGranted, example: { supplierId: 1, userId: 3 } },
  { type: 'SupplierAdminRevoked', version: 1, schema: SupplierAdminRevoked, example: { supplierId: 1, userId: 2 } },
];
