import { loadLocale, localeText } from '../../../test-support/locale-files.testing';
import { slotDisplay } from './slot-display';

/** The words the slot table shows, through the real locale files (i18next's {{name}} interpolation). */
const display = (lang: 'en' | 'ru') => {
  const files = { timeslots: loadLocale(lang, 'timeslots'), ui: loadLocale(lang, 'ui') };
  const text = (key: string) => (key.startsWith('ui:') ? localeText(files.ui, key.slice(3)) : localeText(files.timeslots, key));
  return slotDisplay((key, options = {}) => String(text(key)).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k])));
};
const slot = (startTimeDescription: string, endTimeDescription: string, timeType: 0 | 1 | 2 = 0, interval: number | null = null) => ({ startTimeDescription, endTimeDescription, timeType, interval });

describe('slotDisplay.time', () => {
  it('says a slot ending before it starts ends the next day, in either language and time type', () => {
    const en = display('en');
    expect(en.time(slot('09:00', '17:00'))).toBe('09:00–17:00');
    expect(en.time(slot('16:00', '09:00'))).toBe('16:00–09:00 (+1 day)');
    expect(en.time(slot('20:00', '02:00', 1, 60))).toBe('Anytime 20:00–02:00 (+1 day), every 60 min');
    expect(en.time(slot('16:00', '09:00', 2))).toBe('No time');
    expect(display('ru').time(slot('16:00', '09:00'))).toBe('16:00–09:00 (+1 день)');
  });
});
