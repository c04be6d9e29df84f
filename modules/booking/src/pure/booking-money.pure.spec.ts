import { agencyReceivableAed } from './booking-money.pure';

describe("the agency's commission in AED", () => {
  it("is the AED totals' difference, to the fils", () => {
    expect(agencyReceivableAed({ totalAed: 949, netAed: 759.2 })).toBe(189.8);
    expect(agencyReceivableAed({ totalAed: 620.5, netAed: 496.4 })).toBe(124.1);
  });
});
