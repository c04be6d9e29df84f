import { isGonePickUpTime } from './pickup-time-choice';

describe("a group's or slot's pick-up time in its form", () => {
  const options = [
    { value: 3, label: 'Airport' },
    { value: 5, label: 'Beach hotels' },
  ];

  it('is gone when the loaded options no longer have it (deleted since): the form then keeps none', () => {
    expect(isGonePickUpTime(7, options)).toBe(true);
    expect(isGonePickUpTime(7, [])).toBe(true);
  });

  it('stays while the options load, when it is among them, and when there is none', () => {
    expect(isGonePickUpTime(7, undefined)).toBe(false);
    expect(isGonePickUpTime(5, options)).toBe(false);
    expect(isGonePickUpTime(null, options)).toBe(false);
    expect(isGonePickUpTime(undefined, options)).toBe(false);
  });
});
