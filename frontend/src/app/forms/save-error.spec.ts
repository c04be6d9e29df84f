import { getNotifications, removeNotification } from '../notifications/notifications';
import { ApiError } from '../../lib/api-client';
import { asSentences, notifySaveFailure, showSaveError } from './save-error';

// The real client bundles the locales through Vite's import.meta.glob; the error class is all these rules read.
jest.mock('../../lib/api-client', () => ({
  ApiError: class ApiError extends Error {
    constructor(
      public code: number,
      public title: string,
      message: string,
      public content: unknown = null,
    ) {
      super(message);
    }
  },
}));

const shown = () => getNotifications().map(({ title, message, kind }) => ({ title, message, kind }));
const targets = () => {
  const calls = { conflict: 0, general: [] as string[][], fields: [] as string[], shownField: [] as string[] };
  return {
    calls,
    to: {
      onConflict: () => void calls.conflict++,
      pathOf: (key: string) => (key === 'name' ? key : null),
      setError: (path: string) => void calls.fields.push(path),
      setGeneralErrors: (m: string[]) => void calls.general.push(m),
      showField: (path: string) => void calls.shownField.push(path),
    },
  };
};

describe('a refused save (spec 01 §8)', () => {
  afterEach(() => getNotifications().forEach((n) => removeNotification(n.guid)));

  it('adds the error notification, titled with the error title, and still puts the messages on their fields', () => {
    const { calls, to } = targets();
    showSaveError(new ApiError(400, 'Validation failed', 'Name is required', { errors: { name: ['Name is required'] } }), to as never);
    expect(shown()).toEqual([{ title: 'Validation failed', message: 'Name is required', kind: 'error' }]);
    expect(calls.fields).toEqual(['name']);
    expect(calls.shownField).toEqual(['name']);
    expect(calls.conflict).toBe(0);
  });

  it('titles it with the status code when that is the title the call had, a network failure with its own', () => {
    const { to } = targets();
    showSaveError(new ApiError(500, '500', 'Internal Server Error'), to as never);
    showSaveError(new ApiError(0, 'Network error', 'The server could not be reached'), to as never);
    expect(shown().map((n) => n.title)).toEqual(['500', 'Network error']);
  });

  it('leaves a stale-version 409 to the conflict notice, and adds nothing for a 401, an aborted call or a non-call error', () => {
    const { calls, to } = targets();
    showSaveError(new ApiError(409, 'Conflict', 'Changed meanwhile'), to as never);
    expect(calls.conflict).toBe(1);
    expect(calls.general).toEqual([]);
    notifySaveFailure(new ApiError(401, 'Unauthorized', 'Unauthorized'));
    notifySaveFailure(new ApiError(0, 'Aborted', 'Aborted'));
    showSaveError(new Error('not a call'), to as never);
    expect(shown()).toEqual([]);
    expect(calls.general).toEqual([['not a call']]);
  });
});

describe('asSentences', () => {
  it('ends each message with a full stop unless it has one, so several read apart', () => {
    expect(asSentences(['The period overlaps 26.10.2026–31.05.2027', 'A child price is required.'])).toBe('The period overlaps 26.10.2026–31.05.2027. A child price is required.');
    expect(asSentences(['Укажите имя', 'Нужна роль?', ' ', 'Готово…'])).toBe('Укажите имя. Нужна роль? Готово…');
    expect(asSentences([])).toBe('');
  });
});
