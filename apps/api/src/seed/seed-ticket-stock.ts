import type { INestApplicationContext } from '@nestjs/common';
import type { Knex } from 'knex';
import { loadTicketCodes, ticketStockStarted } from '@tbo/documents';
import { CommandRunner, EVENT_STORE, KNEX, systemContext, type EventStore } from '@tbo/kernel';
import { findReferenceByName, findSupplierByName } from '@tbo/read-models';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

/** Codes valid this long: the demo bookings of the next two weeks and months beyond. */
const VALID_DAYS = 180;

/**
 * What the Ticket Stock tab shows on a fresh demo: plenty for the demo Burj Khalifa offer (its bookings take
 * codes), a type below its reorder level (the tab's warning), and a few in between. The other types stay empty.
 */
export const DEMO_TICKET_STOCK: readonly { ticketType: string; prefix: string; codes: number }[] = [
  { ticketType: 'Burj Khalifa At the Top (124 & 125)', prefix: 'BK124', codes: 600 },
  { ticketType: 'Burj Khalifa At the Top SKY (148)', prefix: 'BK148', codes: 25 },
  { ticketType: 'Dubai Frame', prefix: 'FRAME', codes: 120 },
  { ticketType: 'Museum of the Future', prefix: 'MOTF', codes: 80 },
];

/** Loads the demo codes through the stock's own command, once per ticket type: a type whose stock has any event is left alone. */
export function seedTicketStock(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'ticket-stock', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const store = app.get<EventStore>(EVENT_STORE);
    const runner = app.get(CommandRunner);
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    if (!supplier) return 0;
    const today = dubaiToday();
    const expiresOn = addDays(today, VALID_DAYS);
    let loaded = 0;
    for (const stock of DEMO_TICKET_STOCK) {
      const type = await findReferenceByName(db, 'ticket_types', stock.ticketType);
      if (!type) continue;
      if (await ticketStockStarted(store, supplier.id, type.id)) continue;
      const codes = Array.from({ length: stock.codes }, (_, i) => ({ code: `${stock.prefix}-DEMO-${String(i + 1).padStart(5, '0')}`, expiresOn }));
      await loadTicketCodes(runner, { supplierId: supplier.id, ticketTypeId: type.id, codes, today }, systemContext('seed'));
      loaded += codes.length;
    }
    await catchUp();
    return loaded;
  });
}
