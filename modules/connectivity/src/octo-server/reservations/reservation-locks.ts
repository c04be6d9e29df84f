import { Injectable } from '@nestjs/common';

/**
 * One change at a time per reservation in this process. A confirmation and a cancellation of the same uuid racing
 * each other could otherwise both act (the booking made from the hold, the hold released and the reservation
 * recorded cancelled): each does its part on other streams before recording it on the reservation's, so the
 * reservation's revision alone cannot order them. Another process's racing change is caught when recorded
 * (OctoBookingChanges undoes a booking made for a reservation found cancelled).
 */
@Injectable()
export class ReservationLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(uuid: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(uuid) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.catch(() => undefined);
    this.tails.set(uuid, tail);
    void tail.then(() => {
      if (this.tails.get(uuid) === tail) this.tails.delete(uuid);
    });
    return mine;
  }
}
