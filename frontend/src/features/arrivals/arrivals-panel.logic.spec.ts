import i18next from 'i18next';
import { expectSameKeysNoneEmpty, loadLocale } from '../../test-support/locale-files.testing';
import { CHOOSABLE_GROUP_STATUSES, FILTER_GROUP_STATUSES } from '@tbo/arrivals/src/pure/arrival-status.pure';
import { groupInfoProblem, hotelNameOf, importVersion, logEntryTime, meetingText, type Translate } from './arrivals-panel.logic';

/** The arrivals namespace in one language, as the app's i18next reads it. */
function translate(lang: 'en' | 'ru'): Translate {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: lang, resources: { [lang]: { arrivals: loadLocale(lang, 'arrivals') } }, defaultNS: 'arrivals', interpolation: { escapeValue: false }, initAsync: false });
  return i18n.getFixedT(lang, 'arrivals');
}

describe('the group panel in the reader’s language', () => {
  const noTime = { date: '2026-12-04', timeStart: null, timeEnd: null, isNoTime: true };
  const timed = { date: '2026-12-05', timeStart: 600, timeEnd: 660, isNoTime: false };

  it('writes a meeting without a time in Russian, not the server’s English', () => {
    expect(meetingText(noTime, translate('ru'))).toBe('04.12.2026 (без времени)');
    expect(meetingText(noTime, translate('en'))).toBe('04.12.2026 (no time)');
  });

  it('writes a meeting with its time range, or its start when it has no end', () => {
    expect(meetingText(timed, translate('ru'))).toBe('05.12.2026 10:00–11:00');
    expect(meetingText({ ...timed, timeEnd: null }, translate('en'))).toBe('05.12.2026 10:00');
    // A start without the no-time box is still no time when there is no start.
    expect(meetingText({ ...timed, timeStart: null, timeEnd: null }, translate('en'))).toBe('05.12.2026 (no time)');
  });

  it('shows when a contact was logged in Dubai time (UTC+4), whatever the browser’s zone', () => {
    expect(logEntryTime('2026-12-02T10:00:00.000Z')).toBe('02.12.2026 14:00');
    expect(logEntryTime('2026-12-02T21:30:00.000Z')).toBe('03.12.2026 01:30');
  });

  it('offers the group statuses in the spec’s words, the filter with Purchased and Deleted too; the rows keep their display labels', () => {
    const en = translate('en');
    expect(CHOOSABLE_GROUP_STATUSES.map((s) => en(`statusChoice.s${s}`))).toEqual(['Pending', 'Purchased Diff. Name', 'Cancelled', 'Non tourist']);
    expect(FILTER_GROUP_STATUSES.map((s) => en(`statusChoice.s${s}`))).toEqual(['Pending', 'Purchased Diff. Name', 'Cancelled', 'Non tourist', 'Purchased', 'Deleted']);
    expect([en('status.s0'), en('status.s6')]).toEqual(['No Comm.', 'Non Tourist']);
    expect(FILTER_GROUP_STATUSES.map((s) => translate('ru')(`statusChoice.s${s}`))).toEqual(['В ожидании', 'Куплено на др. имя', 'Отменено', 'Не турист', 'Куплено', 'Удалён']);
  });

  it('has every arrivals string in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('arrivals', { byPluralBase: true });
  });
});

describe('importVersion', () => {
  it('a confirmed import sends the version its preview showed; the preview sends none', () => {
    expect(importVersion(true, { version: 4 })).toBe(4);
    expect(importVersion(true, { version: null })).toBeNull();
    expect(importVersion(false, { version: 4 })).toBeUndefined();
    expect(importVersion(false, null)).toBeUndefined();
  });
});

describe('groupInfoProblem', () => {
  const ok = '+971 50 123 4567';
  it('says, in the reader’s language, what the server would refuse: a phone number over 50 characters, more than 20 numbers', () => {
    expect(groupInfoProblem({ phones: [ok, '9'.repeat(50)] }, translate('en'))).toBeNull();
    expect(groupInfoProblem({ phones: [ok, '9'.repeat(51)] }, translate('ru'))).toBe('Каждый номер телефона — не более 50 символов');
    expect(groupInfoProblem({ phones: Array(20).fill(ok) }, translate('en'))).toBeNull();
    expect(groupInfoProblem({ phones: Array(21).fill(ok) }, translate('en'))).toBe('A group may have at most 20 phone numbers');
  });

  it('refuses a hotel without a room instead of dropping it', () => {
    expect(groupInfoProblem({ phones: [], rooms: [{ roomNumber: '701' }] }, translate('en'))).toBeNull();
    expect(groupInfoProblem({ phones: [], rooms: [{ roomNumber: '701' }, { roomNumber: '   ' }] }, translate('en'))).toBe('Type the room number of each hotel, or remove the hotel');
    expect(groupInfoProblem({ phones: [], rooms: [{ roomNumber: '' }] }, translate('ru'))).toBe('Укажите номер комнаты в каждом отеле или удалите отель');
  });

  it('refuses a meeting without a date instead of dropping it', () => {
    expect(groupInfoProblem({ phones: [], meetings: [{ date: '2026-12-04' }] }, translate('en'))).toBeNull();
    expect(groupInfoProblem({ phones: [], meetings: [{ date: '2026-12-04' }, { date: '' }] }, translate('en'))).toBe('Give each meeting a date, or remove it');
  });
});

describe('hotelNameOf', () => {
  const withArrivals = [{ id: 0, name: '' }, { id: 15, name: 'Armani Hotel Dubai' }];
  const reference = [{ id: 15, name: 'Armani Hotel Dubai' }, { id: 70, name: 'Atlantis The Royal' }];
  it('names a hotel no arrival stays at any more from the platform hotels, never by its id', () => {
    expect(hotelNameOf(15, [withArrivals, reference], 'No Hotel')).toBe('Armani Hotel Dubai');
    expect(hotelNameOf(70, [withArrivals, reference], 'No Hotel')).toBe('Atlantis The Royal');
    expect(hotelNameOf(0, [withArrivals, reference], 'No Hotel')).toBe('No Hotel');
    expect(hotelNameOf(70, [withArrivals, undefined], 'No Hotel')).toBe('');
  });
});
