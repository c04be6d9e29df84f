import { ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { UserEmailEvent } from '@tbo/event-schemas';
import { userEmailDecider, userEmailStream, type ReserveEmail } from './user-email';

const at = '2026-03-01T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const reserve = (over: Partial<ReserveEmail> = {}): ReserveEmail => ({ type: 'ReserveEmail', email: 'a@b.test', userId: 1, at, holderRegistered: false, ...over });
const reserved: UserEmailEvent = { type: 'UserEmailReserved', data: { email: 'a@b.test', userId: 1, at } };

describe('email reservation decider', () => {
  it('reserves a free email for a user', () => {
    given(userEmailDecider).when(reserve()).then([reserved]);
  });

  it('refuses an email another registered user holds', () => {
    given(userEmailDecider, [reserved]).when(reserve({ userId: 2, holderRegistered: true, at: later(3_600_000) })).thenThrows(ValidationError);
    given(userEmailDecider, [reserved]).when(reserve({ userId: 2, holderRegistered: true })).thenThrows('A user with the email a@b.test already exists');
  });

  it('refuses an email whose registration may still be under way', () => {
    given(userEmailDecider, [reserved]).when(reserve({ userId: 2, at: later(60_000) })).thenThrows(ValidationError);
  });

  it('takes over a reservation abandoned for five minutes by a registration that never finished', () => {
    given(userEmailDecider, [reserved])
      .when(reserve({ userId: 2, at: later(5 * 60_000) }))
      .then([{ type: 'UserEmailReserved', data: { email: 'a@b.test', userId: 2, at: later(5 * 60_000) } }]);
  });

  it('answers nothing when the same user reserves again, and frees the email on release', () => {
    given(userEmailDecider, [reserved]).when(reserve()).then([]);
    given(userEmailDecider, [reserved]).when({ type: 'ReleaseEmail', email: 'a@b.test', userId: 1 }).then([{ type: 'UserEmailReleased', data: { email: 'a@b.test', userId: 1 } }]);
    given(userEmailDecider, [reserved]).when({ type: 'ReleaseEmail', email: 'a@b.test', userId: 2 }).then([]);
    given(userEmailDecider, [reserved, { type: 'UserEmailReleased', data: { email: 'a@b.test', userId: 1 } }]).when(reserve({ userId: 3 })).events();
  });

  it('names one stream per email, whatever its case', () => {
    expect(userEmailStream(' A@B.test ')).toBe(userEmailStream('a@b.test'));
    expect(userEmailStream('a@b.test')).toMatch(/^useremail-[0-9a-f]{40}$/);
  });
});
