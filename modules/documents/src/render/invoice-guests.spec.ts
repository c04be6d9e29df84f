import { guestCounts } from './invoice.document';

describe("the invoice's guest line", () => {
  it('says each count in the singular or plural and leaves out what is none', () => {
    expect(guestCounts({ adults: 2, children: 1, infants: 1, foc: 0 })).toBe('2 adults, 1 child, 1 infant');
    expect(guestCounts({ adults: 1, children: 3, infants: 2, foc: 1 })).toBe('1 adult, 3 children, 2 infants, 1 free of charge');
    expect(guestCounts({ adults: 4, children: 0, infants: 0, foc: 0 })).toBe('4 adults');
  });
});
