import type { CommissionChangeKind } from '@tbo/event-schemas';

/**
 * What the commission statements keep of a booking to see how an event changes the agency's commission: the
 * commission (agencyReceivable) it stands at, and whether it stands at all (a cancelled or declined one earns
 * nothing). Pure, so the projection and its spec share it.
 */
export interface CommissionBooking {
  commission: number;
  standing: boolean;
}

export type CommissionFact =
  | { type: 'booked'; commission: number; standing: boolean }
  | { type: 'rescheduled'; commission: number }
  | { type: 'cancelled' | 'declined' };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The booking after the fact and the change of the agency's commission it made (0: none, so no statement line). */
export function commissionChange(before: CommissionBooking | undefined, fact: CommissionFact): { after: CommissionBooking; kind: CommissionChangeKind; amount: number } {
  switch (fact.type) {
    case 'booked': {
      const after = { commission: fact.commission, standing: fact.standing };
      return { after, kind: 'booked', amount: fact.standing ? round2(fact.commission) : 0 };
    }
    case 'rescheduled': {
      const standing = before?.standing ?? false;
      const after = { commission: fact.commission, standing };
      // Only a standing booking's commission counts; a new total on one that no longer stands changes nothing owed.
      return { after, kind: 'rescheduled', amount: standing && before ? round2(fact.commission - before.commission) : 0 };
    }
    default: {
      const after = { commission: before?.commission ?? 0, standing: false };
      return { after, kind: fact.type, amount: before?.standing ? round2(-before.commission) : 0 };
    }
  }
}

const DUBAI_OFFSET_MS = 4 * 3600_000;

/** The Dubai month (YYYY-MM, UTC+4 without daylight saving) of an instant: the statement month a change belongs to. */
export const dubaiMonth = (at: Date): string => new Date(at.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 7);
