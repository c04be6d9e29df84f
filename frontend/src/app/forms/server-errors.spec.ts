import { placeServerErrors, serverFieldErrors, withoutFieldKeys } from './server-errors';

describe('server field errors', () => {
  it("reads {field: [messages]} from a refused save's Content, dropping what is not text", () => {
    expect(serverFieldErrors({ errors: { nameInternal: ['Tour code is required'], 'externalLinks.0.title': 'Link title is required', x: 3 } })).toEqual({
      nameInternal: ['Tour code is required'],
      'externalLinks.0.title': ['Link title is required'],
    });
    expect(serverFieldErrors({ Errors: { code: ['Business code is required'] } })).toEqual({ code: ['Business code is required'] });
    expect(serverFieldErrors(null)).toEqual({});
    expect(serverFieldErrors('Bad request')).toEqual({});
  });

  it('puts each message on its form field and leaves the rest for the summary', () => {
    const set: [string, string][] = [];
    // The shape of an ApiError (lib/api-client): a message and the envelope's Content.
    const err = Object.assign(new Error('Tour code is required'), { content: { errors: { nameInternal: ['Tour code is required'], tourId: ['Unknown tour'], url: ['Url is required'] } } });
    const placed = placeServerErrors<{ nameInternal: string; url: string }>(err, (key) => (key === 'tourId' ? null : key), (path, e) => set.push([path, e.message ?? '']));
    expect(set).toEqual([
      ['nameInternal', 'Tour code is required'],
      ['url', 'Url is required'],
    ]);
    expect(placed).toEqual({ first: 'nameInternal', general: ['Tour code is required', 'tourId: Unknown tour'] });
  });

  it('answers just the message for an error without field messages', () => {
    expect(placeServerErrors(new Error('Network down'), () => null, () => undefined)).toEqual({ first: null, general: ['Network down'] });
  });
});

describe('withoutFieldKeys', () => {
  it('drops the keys a dialog knows before each message, and keeps the others', () => {
    expect(withoutFieldKeys('departureDate: Departure date is before the arrival date', ['departureDate'])).toBe('Departure date is before the arrival date');
    expect(withoutFieldKeys('notes: Notes: at most 2000 characters; listId: listId must be a whole number', ['notes', 'departureDate'])).toBe('Notes: at most 2000 characters; listId: listId must be a whole number');
    expect(withoutFieldKeys('Something went wrong', ['notes'])).toBe('Something went wrong');
  });
});
