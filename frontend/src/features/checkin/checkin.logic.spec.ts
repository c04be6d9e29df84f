import { checkInLoadFailure } from './checkin.logic';

const apiError = (code: number, message: string) => Object.assign(new Error(message), { name: 'ApiError', code, title: String(code) });

describe('checkInLoadFailure', () => {
  it('offers Retry, with no browser English, when the phone lost the network', () => {
    expect(checkInLoadFailure(apiError(0, 'Failed to fetch'))).toEqual({ kind: 'failed', detail: null });
  });

  it("offers Retry on a server fault, with the server's (already translated) words", () => {
    expect(checkInLoadFailure(apiError(500, 'Что-то пошло не так'))).toEqual({ kind: 'failed', detail: 'Что-то пошло не так' });
    expect(checkInLoadFailure(apiError(503, ''))).toEqual({ kind: 'failed', detail: null });
  });

  it('says what a 404 and a 403 mean, where another try would not help', () => {
    expect(checkInLoadFailure(apiError(404, 'Not found'))).toEqual({ kind: 'notFound' });
    // A reference that is none at all (a damaged QR code): no such booking, not the server's field message.
    expect(checkInLoadFailure(apiError(400, 'reference must be a booking reference such as BK-1001'))).toEqual({ kind: 'notFound' });
    expect(checkInLoadFailure(apiError(403, 'Forbidden'))).toEqual({ kind: 'notAssigned' });
  });

  it('takes anything else thrown for a failure worth a retry', () => {
    expect(checkInLoadFailure(new TypeError('boom'))).toEqual({ kind: 'failed', detail: null });
    expect(checkInLoadFailure('boom')).toEqual({ kind: 'failed', detail: null });
  });
});
