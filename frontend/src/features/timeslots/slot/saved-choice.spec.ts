import { loadLocale, localeText } from '../../../test-support/locale-files.testing';
import { savedChoiceKey } from './saved-choice';

describe("a saved product or option the provider's list does not have", () => {
  it('is named by why it is not listed, never by its id', () => {
    expect(savedChoiceKey('product', { isFetching: true, isError: false })).toBe('slot.savedChoice.productLoading');
    expect(savedChoiceKey('product', { isFetching: false, isError: true })).toBe('slot.savedChoice.productUnread');
    expect(savedChoiceKey('product', { isFetching: false, isError: false })).toBe('slot.savedChoice.productMissing');
    expect(savedChoiceKey('option', { isFetching: true, isError: true })).toBe('slot.savedChoice.optionLoading');
    expect(savedChoiceKey('option', { isFetching: false, isError: false })).toBe('slot.savedChoice.optionMissing');
  });

  it('has its words in en and ru', () => {
    for (const lang of ['en', 'ru']) {
      const file = loadLocale(lang, 'timeslots');
      for (const kind of ['product', 'option'] as const) {
        for (const list of [{ isFetching: true, isError: false }, { isFetching: false, isError: true }, { isFetching: false, isError: false }]) {
          expect(typeof localeText(file, savedChoiceKey(kind, list))).toBe('string');
        }
      }
    }
  });
});
