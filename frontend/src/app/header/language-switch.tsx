import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../i18n/i18n';

const FLAGS: Record<Language, string> = { en: '/flags/gb.svg', ru: '/flags/ru.svg' };

/** en / ru with flags; the choice is kept in local storage (spec 01 §1). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className="lang-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="lang-switch__button"
          aria-pressed={current === lang}
          lang={lang}
          title={t(`language.${lang}`)}
          data-lang={lang}
          onClick={() => setLanguage(lang)}
        >
          <img src={FLAGS[lang]} alt="" width="20" height="14" />
          <span className="lang-switch__code">{lang.toUpperCase()}</span>
        </button>
      ))}
    </div>
  );
}
