import { commissionChange, dubaiMonth } from './commission-changes';

describe('commission changes (the statement lines of a booking)', () => {
  it('adds a standing booking’s commission, the difference of a reschedule, and takes it back on cancellation', () => {
    const booked = commissionChange(undefined, { type: 'booked', commission: 50, standing: true });
    expect(booked.amount).toBe(50);
    const moved = commissionChange(booked.after, { type: 'rescheduled', commission: 62.35 });
    expect(moved.amount).toBe(12.35);
    const cancelled = commissionChange(moved.after, { type: 'cancelled' });
    expect(cancelled).toEqual({ after: { commission: 62.35, standing: false }, kind: 'cancelled', amount: -62.35 });
    // Once it stands no more, nothing it does changes the agency's commission.
    expect(commissionChange(cancelled.after, { type: 'declined' }).amount).toBe(0);
    expect(commissionChange(cancelled.after, { type: 'rescheduled', commission: 80 }).amount).toBe(0);
  });

  it('puts a change in its Dubai month', () => {
    expect(dubaiMonth(new Date('2026-03-31T19:59:59Z'))).toBe('2026-03');
    expect(dubaiMonth(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04');
  });
});
