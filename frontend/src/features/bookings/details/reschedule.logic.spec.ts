import { BOOKING_LIMITS, BOOKING_MESSAGES } from '@tbo/booking/src/pure/booking-rules.pure';
import { loadLocale, localeText as at } from '../../../test-support/locale-files.testing';
import { COUNTS, countMin, countProblem } from './reschedule.logic';

describe("the reschedule form's people counts", () => {
  it("takes the adults' minimum from the booking rules and 0 for the others", () => {
    expect(countMin('adults')).toBe(BOOKING_LIMITS.adultsMin);
    for (const c of ['children', 'infants', 'foc'] as const) expect(countMin(c)).toBe(0);
  });

  it('refuses an emptied count instead of sending 0, and too few adults', () => {
    expect(countProblem('adults', null)).toBe('adultsRequired');
    expect(countProblem('adults', BOOKING_LIMITS.adultsMin - 1)).toBe('adultsRequired');
    expect(countProblem('adults', BOOKING_LIMITS.adultsMin)).toBeNull();
    for (const c of ['children', 'infants', 'foc'] as const) {
      expect(countProblem(c, null)).toBe('countRequired');
      expect(countProblem(c, 0)).toBeNull();
    }
  });

  it('words the problems in en and ru, the adults one as the booking rules do', () => {
    const en = loadLocale('en', 'booking-details');
    const ru = loadLocale('ru', 'booking-details');
    expect(at(en, 'form.adultsRequired')).toBe(BOOKING_MESSAGES.adults);
    for (const key of new Set(COUNTS.map((c) => countProblem(c, null)))) expect(at(ru, `form.${key}`)).toMatch(/[а-яё]/i);
  });
});
