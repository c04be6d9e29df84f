import { slotLabel } from './slot-label.pure';

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('a departure slot in the reports', () => {
  it('is its start, then its name', () => {
    expect(slotLabel(at('15:00'), 'Afternoon safari')).toBe('15:00 Afternoon safari');
    expect(slotLabel(at('09:00'), 'Morning tour')).toBe('09:00 Morning tour');
  });

  it('says the start once when the name already holds it', () => {
    expect(slotLabel(at('15:00'), 'Private 4x4 at 15:00')).toBe('Private 4x4 at 15:00');
    expect(slotLabel(at('09:00'), 'Sunrise 9:00 pick-up')).toBe('Sunrise 9:00 pick-up');
    expect(slotLabel(at('19:30'), 'Dinner 19.30')).toBe('Dinner 19.30');
  });

  it('keeps a start the name does not hold, and does without what is missing', () => {
    expect(slotLabel(at('15:00'), 'Bus 115:00')).toBe('15:00 Bus 115:00');
    expect(slotLabel(at('15:00'), 'Tea at 15:30')).toBe('15:00 Tea at 15:30');
    expect(slotLabel(null, 'Anytime')).toBe('Anytime');
    expect(slotLabel(at('10:00'), null)).toBe('10:00');
    expect(slotLabel(undefined, undefined)).toBe('');
  });
});
