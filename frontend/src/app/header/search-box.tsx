import './search-popup.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../lib/auth-session';
import { buildMenu, menuLinks } from '../../lib/menu';
import { hasAnyRole } from '../../lib/roles';
import { useDebouncedValue } from '../../ui/common/use-debounced';
import { notify } from '../notifications/notifications';
import { Icon } from '../icons';
import { catalogSearchKey, searchCatalog, useCatalogSearch } from './search-catalog';
import { AGENT_BOOKING_ROLES, agentBookingPath, bookingSearchKey, OPERATOR_BOOKING_ROLES, operatorBookingPath, searchBookings, useBookingSearch } from './search-bookings';
import { checkInPage, isLatestSubmit, matchingPages, searchGroups, searchScope, searchTexts, type BookingHit, type SearchOption } from './search-results';
import { SearchPopup } from './search-popup';

/** The roles the catalog search answers (as the tours list). */
const CATALOG_ROLES = ['admin', 'editor'];
/** Who may open a booking's check-in page (routes.table.ts: the day's staff). */
const CHECKIN_ROLES = ['driver', 'guide'];

/**
 * The header search box (spec 01 §1 says only that it exists), a combobox: it finds the pages this user may open by
 * their (translated) menu name and, for tour managers, the supplier's tours and tickets by code or name, grouped in
 * a drop-down. ArrowDown/ArrowUp move through the results, Enter opens the chosen one (without a choice: the first
 * page, else the first tour or ticket), Escape closes; no match → an information notification. Its name, placeholder
 * and 'nothing found' say what it looks through for this user (searchScope).
 */
export function SearchBox() {
  const user = useAuthUser();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(inputRef);
  const withCatalog = hasAnyRole(user?.roles ?? [], CATALOG_ROLES);
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, 250);
  const catalog = useCatalogSearch(debounced, withCatalog);
  const roles = user?.roles ?? [];
  const operator = hasAnyRole(roles, OPERATOR_BOOKING_ROLES);
  const withBookings = operator || hasAnyRole(roles, AGENT_BOOKING_ROLES);
  const bookings = useBookingSearch(debounced, withBookings);
  const bookingPath = operator ? operatorBookingPath : agentBookingPath;
  const texts = searchTexts(searchScope({ catalog: withCatalog, bookings: withBookings, checkIn: hasAnyRole(roles, CHECKIN_ROLES) }));
  // A booking in force needs no word; one pending, cancelled or completed says so (a cancelled hit is no live one).
  const statusWord = (code: number) => (code === 0 ? null : t(`bookings-list:status.${code}`, { defaultValue: '' }) || null);
  // '#42 · Anna', '№42 · Anna' in Russian as the rest of its screens number bookings.
  const hitLabel = (b: BookingHit) => t('search.bookingHit', { id: b.id, guest: b.guestName });
  const pages = [
    ...menuLinks(buildMenu(user?.roles ?? [])).map((l) => ({ label: t(l.labelKey), to: l.to })),
    { label: t('menu.profile'), to: '/account' },
    { label: t('menu.home'), to: '/' },
  ];
  // Day staff who cannot search bookings open a voucher's reference on its check-in page (the QR's page).
  const checkIn = !withBookings && hasAnyRole(roles, CHECKIN_ROLES) ? checkInPage(typed) : null;
  const pageHits = [...(checkIn ? [{ id: `page:${checkIn.to}`, label: t('search.checkIn', { reference: checkIn.reference }), to: checkIn.to }] : []), ...matchingPages(pages, typed)];
  const fresh = debounced === typed;
  const groups = searchGroups(pageHits, fresh ? catalog.data : undefined, fresh && bookings.data ? { hits: bookings.data, to: bookingPath, status: statusWord, label: hitLabel } : undefined);
  const options = groups.flatMap((g) => g.options);
  const searching = (withCatalog || withBookings) && !!typed && (debounced !== typed || catalog.isFetching || bookings.isFetching);

  useEffect(() => setActive(-1), [typed]);
  // Which Enter is the latest, and what the box holds now: an answer that arrives after another Enter, a change of the
  // text or the box going away opens nothing (the person has moved on).
  const submits = useRef(0);
  const current = useRef(typed);
  current.current = typed;
  useEffect(
    () => () => {
      submits.current++;
    },
    [],
  );

  const go = (option: SearchOption) => {
    setText('');
    setOpen(false);
    navigate(option.to);
  };

  const nothingFound = () => notify({ title: t('search.nothingTitle'), message: t(texts.nothing, { text: typed }), kind: 'information' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mine = ++submits.current;
    if (!typed) return;
    const chosen = options[active] ?? pageHits[0];
    if (chosen) return go(chosen);
    if (!withCatalog && !withBookings) return nothingFound();
    // Enter before the typed text's answer arrived: ask now rather than open a stale result. A search that failed
    // is not 'nothing found': when nothing else answered, say why.
    let failure: unknown = null;
    const failed = (e: unknown): undefined => {
      failure ??= e;
      return undefined;
    };
    const [answer, hits] = await Promise.all([
      withCatalog ? queryClient.fetchQuery({ queryKey: catalogSearchKey(typed), queryFn: ({ signal }) => searchCatalog(typed, signal), staleTime: 30_000 }).catch(failed) : undefined,
      withBookings ? queryClient.fetchQuery({ queryKey: bookingSearchKey(typed), queryFn: ({ signal }) => searchBookings(typed, signal), staleTime: 30_000 }).catch(failed) : undefined,
    ]);
    if (!isLatestSubmit({ mine, latest: submits.current, asked: typed, now: current.current })) return;
    const first = searchGroups([], answer, hits ? { hits, to: bookingPath, status: statusWord, label: hitLabel } : undefined).flatMap((g) => g.options)[0];
    if (first) go(first);
    else if (failure) notify({ title: t('search.failedTitle'), message: failure instanceof Error ? failure.message : String(failure), kind: 'error' });
    else nothingFound();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && !!typed;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <form className="search-box" role="search" onSubmit={(e) => void submit(e)}>
      <Icon name="search" className="search-box__icon" />
      <input
        ref={inputRef}
        type="search"
        className="search-box__input"
        aria-keyshortcuts="Control+K Meta+K /"
        placeholder={t(texts.placeholder)}
        aria-label={t(texts.label)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded && options.length ? listId : undefined}
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && !!typed && <SearchPopup listId={listId} groups={groups} active={active} optionId={optionId} searching={searching} nothing={t(texts.nothing, { text: typed })} onPick={go} onHover={setActive} />}
    </form>
  );
}

/** A field where '/' is a character the person is typing, not the shortcut. */
const isField = (target: EventTarget | null) => target instanceof HTMLElement && !!target.closest('input, select, textarea, [contenteditable="true"]');

/**
 * Ctrl+K (⌘K on a Mac) anywhere, or '/' outside a field, puts the cursor in the search: operations look bookings up
 * by number or guest all day, from whatever screen they are on. It listens on the document, after the focused
 * control, so a control's own Ctrl+K (a link in the rich text editor) wins.
 */
function useSearchShortcut(inputRef: { current: HTMLInputElement | null }) {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      // A control with a Ctrl+K of its own (the rich text editor's link) has handled it already; an open modal keeps
      // the focus inside it.
      if (e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      const combo = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isField(e.target);
      if (!combo && !slash) return;
      e.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inputRef]);
}
