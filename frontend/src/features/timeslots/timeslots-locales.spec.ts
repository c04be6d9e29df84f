import { TIME_SLOT_MESSAGES } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../test-support/locale-files.testing';

/** Every string of the time slot screens exists in en and ru (plural forms aside), and en carries the spec's and the rules' texts. */
const load = (lang: string) => loadLocale(lang, 'timeslots');

describe('timeslots.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('timeslots', { byPluralBase: true });
  });

  it("words every message of the rules in English as the rules do (the server answers the same text)", () => {
    const en = load('en');
    for (const [name, text] of Object.entries(TIME_SLOT_MESSAGES)) expect(at(en, `errors.${name}`)).toBe(text);
  });

  it('carries the texts the spec fixes', () => {
    const en = load('en');
    expect(at(en, 'notFound')).toMatchObject({ title: 'Not found', message: 'Time slot group not found or you are not allowed to manage it' });
    expect(at(en, 'errors.noExternalSlots')).toBe('No time slots for selected product. Maybe it should be guest defines time?');
    expect(at(en, 'errors.groupNotInitialized')).toBe('Time slot group not initialized');
    expect(at(en, 'slot.fields.isExternal')).toBe('Is External');
    expect(Object.values(at(en, 'days') as object)).toEqual(['Everyday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(Object.values(at(en, 'codeTypes') as object)).toEqual(['None', 'QR Code', 'Bar Code']);
    // §2 time slot edit: 'Time type choice: Fixed, Anytime, NoTime'.
    expect(Object.values(at(en, 'timeTypes') as object)).toEqual(['Fixed', 'Anytime', 'NoTime']);
    // §4 time slot type: '0 Live, 1 OnRequest'.
    expect(Object.values(at(en, 'slotTypes') as object)).toEqual(['Live', 'OnRequest']);
  });
});
