import { Inject, Injectable } from '@nestjs/common';
import { recordedAs, type UserEmailEvent, type UserEvent } from '@tbo/event-schemas';
import { EVENT_STORE, fold, type EventStore } from '@tbo/kernel';
import { userDecider, userStream, type UserState } from './user';
import { userEmailDecider, userEmailStream, type UserEmailState } from './user-email';

/**
 * Finds users by email from the streams, not the read model: right after a registration or a
 * change, commands must see it even when the projection has not caught up yet.
 */
@Injectable()
export class UserDirectory {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async reservation(email: string): Promise<{ state: UserEmailState; revision: number | null }> {
    const events = await this.store.readStream(userEmailStream(email));
    return {
      state: fold(userEmailDecider, recordedAs<UserEmailEvent>(events)),
      revision: events.length ? events[events.length - 1]!.revision : null,
    };
  }

  async load(id: number): Promise<{ state: UserState; revision: number | null }> {
    const events = await this.store.readStream(userStream(id));
    return { state: fold(userDecider, recordedAs<UserEvent>(events)), revision: events.length ? events[events.length - 1]!.revision : null };
  }

  /** The id of the registered user with this email, or null. */
  async idOf(email: string): Promise<number | null> {
    const { state } = await this.reservation(email);
    if (state.holder === null) return null;
    return (await this.load(state.holder)).state.exists ? state.holder : null;
  }

  async streamExists(stream: string): Promise<boolean> {
    return (await this.store.readStream(stream)).length > 0;
  }
}
