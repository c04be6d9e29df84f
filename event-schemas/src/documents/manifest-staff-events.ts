import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { businessDate } from '../scheduling/departure-events';

/**
 * Who drives or guides a supplier's time slot on a date (stream `manifeststaff-<supplierId>_<slotId>_<date>`).
 * Drivers and guides see only the manifests of the slot-dates they are assigned to and check in only their
 * guests; the user's name is copied in so lists read without a lookup.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const slotDate = { supplierId: id, timeSlotId: id, date: businessDate };
export const MANIFEST_STAFF_ROLES = ['driver', 'guide'] as const;

export const ManifestStaffAssigned = z.object({ ...slotDate, userEmail: z.string().min(3).max(320), userName: z.string().max(200), role: z.enum(MANIFEST_STAFF_ROLES) });
export const ManifestStaffUnassigned = z.object({ ...slotDate, userEmail: z.string().min(3).max(320) });

export const manifestStaffEventTypes = { ManifestStaffAssigned, ManifestStaffUnassigned };
export type ManifestStaffEvent = EventUnion<typeof manifestStaffEventTypes>;
export type ManifestStaffRole = (typeof MANIFEST_STAFF_ROLES)[number];

export const manifestStaffEventSchemas: EventSchemaDefinition[] = [
  { type: 'ManifestStaffAssigned', version: 1, schema: ManifestStaffAssigned, example: { supplierId: 1, timeSlotId: 3, date: '2026-12-01', userEmail: 'guide@demo.test', userName: 'Karim Haddad', role: 'guide' } },
  { type: 'ManifestStaffUnassigned', version: 1, schema: ManifestStaffUnassigned, example: { supplierId: 1, timeSlotId: 3, date: '2026-12-01', userEmail: 'guide@demo.test' } },
];
