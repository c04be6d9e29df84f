import { isDeclined } from './declined';

describe('isDeclined', () => {
  it('tells a declined booking (a reason, no cancellation) from a cancelled one and a pending one', () => {
    expect(isDeclined({ status: 4, declineReason: 'Fully booked', cancellation: null })).toBe(true);
    expect(isDeclined({ status: 4, declineReason: null, cancellation: { refundUsd: 10 } })).toBe(false);
    expect(isDeclined({ status: 4, declineReason: 'Fully booked', cancellation: { refundUsd: 10 } })).toBe(false);
    expect(isDeclined({ status: 1, declineReason: null, cancellation: null })).toBe(false);
    // The operator's view leaves the reason out when there is none.
    expect(isDeclined({ status: 4, cancellation: null })).toBe(false);
  });
});
