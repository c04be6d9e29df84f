import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Knex } from 'knex';
import { APP_CONFIG, createKnex, type AppConfig } from '@tbo/kernel';

/** Our advisory lock class (the event store's streams take 7300, projections 7301, seeds and reports 7302, tickets 7303). */
const RESERVATION_LOCK_CLASS = 7304;
/** Changes of distinct reservations that may hold their lock at once in this process; more wait for a connection. */
const LOCK_CONNECTIONS = 4;

/**
 * One change at a time per reservation, across every API process. A confirmation and a cancellation of the same
 * uuid racing each other could otherwise both act (the booking made from the hold, the hold released and the
 * reservation recorded cancelled 'FULL' while the booking is then cancelled under its policy): each does its part
 * on other streams before recording it on the reservation's, so the reservation's revision alone cannot order them.
 *
 * In this process changes of one uuid queue on a promise chain, so waiting costs no connection; the one at the head
 * then takes a Postgres advisory lock on the uuid (held by a transaction of its own, in which nothing is written,
 * on a pool of its own: a change holding the lock never waits for a connection another lock holder keeps) and
 * releases it when the change ends or its process dies.
 */
@Injectable()
export class ReservationLocks implements OnModuleDestroy {
  private readonly tails = new Map<string, Promise<unknown>>();
  private db: Knex | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'DATABASE_URL'>) {}

  run<T>(uuid: string, work: () => Promise<T>): Promise<T> {
    const locked = () => this.acrossProcesses(uuid, work);
    const before = this.tails.get(uuid) ?? Promise.resolve();
    const mine = before.then(locked, locked);
    const tail = mine.catch(() => undefined);
    this.tails.set(uuid, tail);
    void tail.then(() => {
      if (this.tails.get(uuid) === tail) this.tails.delete(uuid);
    });
    return mine;
  }

  private acrossProcesses<T>(uuid: string, work: () => Promise<T>): Promise<T> {
    this.db ??= createKnex(this.config.DATABASE_URL, { poolMax: LOCK_CONNECTIONS, applicationName: 'tbo-octo-locks' });
    return this.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [RESERVATION_LOCK_CLASS, uuid]);
      return work();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.db?.destroy();
    this.db = null;
  }
}
