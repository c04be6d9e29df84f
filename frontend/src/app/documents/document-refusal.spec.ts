import { expectSameKeysNoneEmpty, loadLocale, localeText as at } from '../../test-support/locale-files.testing';
import { documentRefusal, type Translate } from './document-refusal';

/** Words from the real locale files, as i18n.t would give them ('ns:key', {{code}} filled in). */
const words =
  (lang: string): Translate =>
  (key, options) => {
    const [ns, path] = key.split(':') as [string, string];
    return String(at(loadLocale(lang, ns), path)).replace('{{code}}', String(options?.code ?? ''));
  };

describe('a refused document download', () => {
  it('has every word in en and ru', () => {
    expectSameKeysNoneEmpty('booking-documents');
  });

  it("shows the server's title and message when it sent them", () => {
    expect(documentRefusal({ ok: false, status: 409 }, { Code: 409, ErrorTitle: 'Not ready', ErrorMessage: 'The documents are being made' }, words('ru'))).toEqual({
      code: 409,
      title: 'Not ready',
      message: 'The documents are being made',
    });
  });

  it("otherwise words it in the user's language, not as a bare code", () => {
    const ru = documentRefusal({ ok: false, status: 502 }, null, words('ru'));
    expect(ru).toEqual({ code: 502, title: 'Не удалось скачать документ', message: 'Сервер ответил кодом 502.' });
    expect(documentRefusal({ ok: true, status: 200 }, null, words('en'))).toEqual({ code: 404, title: 'The document could not be downloaded', message: 'This document does not exist.' });
  });
});
