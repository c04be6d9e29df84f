import { hiddenSides, slotLabel } from './manifest-layout.logic';

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('a time slot on the manifest', () => {
  it('says its hours once when the name already holds the start', () => {
    expect(slotLabel('Private 4x4 at 15:00', at('15:00'))).toBe('Private 4x4 at 15:00');
    expect(slotLabel('Private 4x4 at 15:00', at('15:00'), at('21:00'))).toBe('Private 4x4 at 15:00–21:00');
    expect(slotLabel('Sunrise 9:00 pick-up', at('09:00'), at('11:00'))).toBe('Sunrise 9:00 pick-up');
    expect(slotLabel('Dinner 19.30', at('19:30'))).toBe('Dinner 19.30');
  });

  it('adds the hours to a name without them, and leaves a time that is not the start alone', () => {
    expect(slotLabel('Late morning abra', at('11:00'), at('13:00'))).toBe('Late morning abra 11:00–13:00');
    expect(slotLabel('Bus 115:00', at('15:00'))).toBe('Bus 115:00 15:00');
    expect(slotLabel('Night 23:00', at('23:00'), at('02:00'))).toBe('Night 23:00–02:00 (+1)');
    expect(slotLabel('Anytime', null, null)).toBe('Anytime');
    expect(slotLabel('', at('10:00'))).toBe('10:00');
  });
});

describe('a sideways-scrolling table', () => {
  it('tells which sides hide columns', () => {
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 900, clientWidth: 900 })).toEqual({ left: false, right: false });
    expect(hiddenSides({ scrollLeft: 0, scrollWidth: 1300, clientWidth: 900 })).toEqual({ left: false, right: true });
    expect(hiddenSides({ scrollLeft: 200, scrollWidth: 1300, clientWidth: 900 })).toEqual({ left: true, right: true });
    expect(hiddenSides({ scrollLeft: 399.5, scrollWidth: 1300, clientWidth: 900 })).toEqual({ left: true, right: false });
  });
});
