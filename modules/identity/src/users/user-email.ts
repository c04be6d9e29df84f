import { createHash } from 'node:crypto';
import type { UserEmailEvent } from '@tbo/event-schemas';
import { ValidationError, type Decider } from '@tbo/kernel';

/** A reservation whose user was never registered (the process died in between) may be taken over after this long. */
export const ABANDONED_RESERVATION_MS = 5 * 60_000;

export interface ReserveEmail {
  type: 'ReserveEmail';
  email: string;
  userId: number;
  /** ISO time of the command. */
  at: string;
  /** Whether the current holder's user stream exists (the handler looks). */
  holderRegistered: boolean;
}

export interface ReleaseEmail {
  type: 'ReleaseEmail';
  email: string;
  userId: number;
}

export interface UserEmailState {
  holder: number | null;
  reservedAt: string | null;
}

export const emailTaken = (email: string) => {
  const message = `A user with the email ${email} already exists`;
  return new ValidationError(message, { email: [message] });
};

/**
 * The email's one owner (stream `useremail-<sha1 of the lower-case email>`). Registration
 * reserves here before it writes the user; the append's expected revision makes two
 * registrations of one email race to one winner, which the read model alone cannot (it lags).
 */
export const userEmailDecider: Decider<ReserveEmail | ReleaseEmail, UserEmailEvent, UserEmailState> = {
  initialState: { holder: null, reservedAt: null },
  evolve(state, event) {
    switch (event.type) {
      case 'UserEmailReserved':
        return { holder: event.data.userId, reservedAt: event.data.at };
      case 'UserEmailReleased':
        return state.holder === event.data.userId ? { holder: null, reservedAt: null } : state;
    }
  },
  decide(cmd, state) {
    if (cmd.type === 'ReleaseEmail') {
      return state.holder === cmd.userId ? [{ type: 'UserEmailReleased', data: { email: cmd.email, userId: cmd.userId } }] : [];
    }
    if (state.holder === cmd.userId) return [];
    if (state.holder !== null) {
      const abandoned = !cmd.holderRegistered && Date.parse(cmd.at) - Date.parse(state.reservedAt ?? cmd.at) >= ABANDONED_RESERVATION_MS;
      if (!abandoned) throw emailTaken(cmd.email);
    }
    return [{ type: 'UserEmailReserved', data: { email: cmd.email, userId: cmd.userId, at: cmd.at } }];
  },
};

export const userEmailStream = (email: string) => `useremail-${createHash('sha1').update(email.trim().toLowerCase()).digest('hex')}`;
