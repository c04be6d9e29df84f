import type { TFunction } from 'i18next';
import { loadLocale, localeText } from '../../../test-support/locale-files.testing';
import { itemText } from './activity-item.logic';

/** The log's words through the real locale file (i18next's {{name}} interpolation). */
const words = (lang: 'en' | 'ru') => {
  const file = loadLocale(lang, 'activity');
  return ((key: string, options: Record<string, unknown> = {}) => {
    const text = localeText(file, key);
    return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k])) : String(options.defaultValue ?? key);
  }) as unknown as TFunction;
};
const item = (kind: string, itemKey: string, itemLabel: string | null = null) => ({ kind, itemKey, itemLabel });

describe('the Item column of the activity log', () => {
  it('names an arrival group by its number and a departure by its day, not by the kind alone', () => {
    expect(itemText(item('arrivalgroup', '3.50001'), words('en'))).toBe('Arrival group 50001');
    expect(itemText(item('departure', 'g7d20261205'), words('en'))).toBe('Departure on 05.12.2026');
    expect(itemText(item('departure', 's21d20261205'), words('ru'))).toBe('Отправление 05.12.2026');
  });

  it('keeps a name the events gave, a booking reference, and the kind for a key it cannot read', () => {
    expect(itemText(item('tour', '12', 'Desert Safari'), words('en'))).toBe('Desert Safari');
    expect(itemText(item('booking', '397'), words('en'))).toBe('Booking BK-397');
    expect(itemText(item('departure', 'odd'), words('en'))).toBe('Departure');
  });
});
