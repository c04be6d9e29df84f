import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../lib/auth-session';
import { buildMenu, menuLinks } from '../../lib/menu';
import { notify } from '../notifications/notifications';
import { Icon } from '../icons';

/**
 * The header search box (spec 01 §1 says only that it exists). It finds the pages this user may open by their
 * (translated) menu name: typing offers them as suggestions, Enter opens the first match; no match → an information
 * notification. When data search arrives (tours, bookings), it plugs in here.
 */
export function SearchBox() {
  const user = useAuthUser();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const listId = useId();
  const pages = [
    ...menuLinks(buildMenu(user?.roles ?? [])).map((l) => ({ label: t(l.labelKey), to: l.to })),
    { label: t('menu.profile'), to: '/account' },
    { label: t('menu.home'), to: '/' },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim().toLowerCase();
    if (!q) return;
    const hit = pages.find((p) => p.label.toLowerCase() === q) ?? pages.find((p) => p.label.toLowerCase().includes(q));
    if (hit) {
      setText('');
      navigate(hit.to);
    } else {
      notify({ title: t('search.nothingTitle'), message: t('search.nothingMessage', { text: text.trim() }), type: 0 });
    }
  };

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <Icon name="search" className="search-box__icon" />
      <input
        type="search"
        className="search-box__input"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        list={listId}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <datalist id={listId}>
        {pages.map((p) => (
          <option key={p.to} value={p.label} />
        ))}
      </datalist>
    </form>
  );
}
