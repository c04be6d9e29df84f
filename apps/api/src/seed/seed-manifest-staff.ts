import type { INestApplicationContext } from '@nestjs/common';
import type { Knex } from 'knex';
import { runManifestStaff } from '@tbo/documents';
import { CommandRunner, KNEX, systemContext } from '@tbo/kernel';
import { findSupplierByName } from '@tbo/read-models';
import { dubaiToday } from '@tbo/scheduling';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

const DEMO_CREW = ['driver@demo.test', 'guide@demo.test'];

/**
 * The demo driver and guide run every departure with bookings from today on, so that signing in as either shows a
 * manifest and can check guests in (a driver or guide sees only the slot-dates assigned to them). Assigning twice
 * changes nothing, so a second run adds nothing.
 */
export function seedManifestStaff(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'manifest-staff', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier) return 0;
    const crew: { email: string; full_name: string; roles: string[] }[] = await db('users').select('email', 'full_name', 'roles').whereIn('email', DEMO_CREW).orderBy('email');
    const { rows: departures } = await db.raw<{ rows: { timeSlotId: number; date: string }[] }>(
      `SELECT DISTINCT time_slot_id AS "timeSlotId", to_char(date, 'YYYY-MM-DD') AS date FROM bookings
        WHERE supplier_id = ? AND time_slot_id IS NOT NULL AND date >= ? ORDER BY 2, 1`,
      [supplier.id, dubaiToday()],
    );
    const runner = app.get(CommandRunner);
    const context = systemContext('seed');
    let added = 0;
    for (const d of departures) {
      for (const u of crew) {
        const slot = { supplierId: supplier.id, timeSlotId: d.timeSlotId, date: d.date };
        const role = u.roles.includes('guide') ? 'guide' : 'driver';
        const outcome = await runManifestStaff(runner, { type: 'AssignStaff', slot, email: u.email, name: u.full_name, role }, context);
        added += outcome.events.length;
      }
    }
    await catchUp();
    return added;
  });
}
