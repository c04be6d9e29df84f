import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../test-support/locale-files.testing';
import { translateServerMessage } from '../forms/server-messages';
import { documentRefusal, type SayServerText, type Translate } from './document-refusal';

/** Words from the real locale files, as i18n.t would give them ('ns:key', {{name}} filled in). */
const words =
  (lang: string): Translate =>
  (key, options) => {
    const [ns, path] = key.split(':') as [string, string];
    return String(at(loadLocale(lang, ns), path)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
  };

/** A server text as the api client's serverMessage says it in that language (the server-message table). */
const serverWords = (lang: string): SayServerText => {
  const file = loadLocale(lang, 'server-messages');
  return (text) =>
    translateServerMessage(text, (key, values) => {
      const found = at(file, key);
      return typeof found === 'string' ? found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '') : null;
    });
};
const asSent: SayServerText = (text) => text;

describe('a refused document download', () => {
  it('has every word in en and ru', () => {
    expectSameKeysNoneEmpty('booking-documents');
  });

  it("shows the server's title and message when it sent them", () => {
    expect(documentRefusal({ ok: false, status: 409 }, { Code: 409, ErrorTitle: 'Not ready', ErrorMessage: 'The documents are being made' }, words('ru'), asSent)).toEqual({
      code: 409,
      title: 'Not ready',
      message: 'The documents are being made',
    });
  });

  it("says the server's known refusals in the interface language, as every other refusal", () => {
    const ru = words('ru');
    const say = serverWords('ru');
    expect(documentRefusal({ ok: false, status: 409 }, { Code: 409, ErrorTitle: 'Not ready', ErrorMessage: 'The invoice is still being made. Please try again in a minute.' }, ru, say)).toEqual({
      code: 409,
      title: 'Ещё не готово',
      message: 'Документ (счёт) ещё готовится. Попробуйте ещё раз через минуту.',
    });
    expect(documentRefusal({ ok: false, status: 409 }, { Code: 409, ErrorTitle: 'Not available', ErrorMessage: 'The booking was declined: it has no documents.' }, ru, say)).toEqual({
      code: 409,
      title: 'Недоступно',
      message: 'Бронирование отклонено: документов по нему нет.',
    });
    expect(documentRefusal({ ok: false, status: 409 }, { Code: 409, ErrorTitle: 'Not ready', ErrorMessage: 'The commission figures are being updated. Try again in a moment.' }, ru, say).message).toBe(
      'Данные о комиссиях сейчас обновляются. Повторите чуть позже.',
    );
    // In English the server's own words stand; an unknown text stays as the server words it in any language.
    expect(documentRefusal({ ok: false, status: 409 }, { Code: 409, ErrorTitle: 'Not ready', ErrorMessage: 'The voucher is still being made. Please try again in a minute.' }, words('en'), serverWords('en'))).toEqual({
      code: 409,
      title: 'Not ready',
      message: 'The voucher is still being made. Please try again in a minute.',
    });
    expect(documentRefusal({ ok: false, status: 500 }, { Code: 500, ErrorTitle: 'Server error', ErrorMessage: 'Disk on fire' }, ru, say)).toEqual({ code: 500, title: 'Ошибка сервера', message: 'Disk on fire' });
  });

  it("otherwise words it in the user's language, not as a bare code", () => {
    const ru = documentRefusal({ ok: false, status: 502 }, null, words('ru'), serverWords('ru'));
    expect(ru).toEqual({ code: 502, title: 'Не удалось скачать документ', message: 'Сервер ответил кодом 502.' });
    expect(documentRefusal({ ok: true, status: 200 }, null, words('en'), serverWords('en'))).toEqual({ code: 404, title: 'The document could not be downloaded', message: 'This document does not exist.' });
  });
});
