import { createHash } from 'node:crypto';
import type { NameReservationEvent } from '@tbo/event-schemas';
import type { Decider } from '../decider/decider';

/**
 * A reservation whose holder does not bear the name (its save died between reserving and writing, or a rename was
 * not given back) may be taken over after this long; younger ones may still be a save in flight.
 */
export const ABANDONED_NAME_MS = 5 * 60_000;

/** A name within its scope: the unit that is unique. */
export interface ScopedName {
  /** Lower case: 'language-code', 'hotel', 'region-in-city-4'. */
  scope: string;
  name: string;
}

export interface ReserveName {
  type: 'ReserveName';
  scope: string;
  name: string;
  holder: number;
  /** ISO time of the command. */
  at: string;
  /** Whether the current holder still bears the name (the caller reads the holder's own stream). */
  holderBearsIt: boolean;
}

export interface ReleaseName {
  type: 'ReleaseName';
  scope: string;
  name: string;
  holder: number;
}

export interface NameReservationState {
  holder: number | null;
  reservedAt: string | null;
}

/** Refused by the decider: someone else holds the name. The caller says it in its own words. */
export class NameTakenError extends Error {
  constructor(readonly holder: number) {
    super(`The name is held by ${holder}`);
    this.name = 'NameTakenError';
  }
}

/** The one spelling names are compared in (as the read tables compare them: trimmed, lower case). */
export const nameKey = (name: string) => name.trim().toLowerCase();

export const sameScopedName = (a: ScopedName, b: ScopedName) => a.scope === b.scope && nameKey(a.name) === nameKey(b.name);

export const nameReservationStream = ({ scope, name }: ScopedName) => `name-${scope}-${createHash('sha1').update(nameKey(name)).digest('hex')}`;

/** The name's one holder (stream `name-<scope>-<sha1>`), as emails have theirs (identity's user-email.ts). */
export const nameReservationDecider: Decider<ReserveName | ReleaseName, NameReservationEvent, NameReservationState> = {
  initialState: { holder: null, reservedAt: null },
  evolve(state, event) {
    switch (event.type) {
      case 'NameReserved':
        return { holder: event.data.holder, reservedAt: event.data.at };
      case 'NameReleased':
        return state.holder === event.data.holder ? { holder: null, reservedAt: null } : state;
    }
  },
  decide(cmd, state) {
    const name = nameKey(cmd.name);
    if (cmd.type === 'ReleaseName') {
      return state.holder === cmd.holder ? [{ type: 'NameReleased', data: { scope: cmd.scope, name, holder: cmd.holder } }] : [];
    }
    if (state.holder === cmd.holder) return [];
    if (state.holder !== null) {
      const abandoned = !cmd.holderBearsIt && Date.parse(cmd.at) - Date.parse(state.reservedAt ?? cmd.at) >= ABANDONED_NAME_MS;
      if (!abandoned) throw new NameTakenError(state.holder);
    }
    return [{ type: 'NameReserved', data: { scope: cmd.scope, name, holder: cmd.holder, at: cmd.at } }];
  },
};
