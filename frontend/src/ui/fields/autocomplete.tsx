import '../common/ui.css';
import './fields.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { Popover } from '../common/popover';
import type { ControlSize } from './inputs';

/** Autocomplete search waits this long after the last keystroke (spec 01 §5). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
/** Option labels longer than this get a tooltip (spec 01 §9). */
export const AUTOCOMPLETE_TOOLTIP_OVER = 30;

export interface AutocompleteOption {
  value: string | number;
  label: string;
}

export interface AutocompleteProps {
  /** GET endpoint; the search text goes in the `search` query parameter. */
  endpoint: string;
  value: AutocompleteOption | null;
  onChange: (option: AutocompleteOption | null) => void;
  /** Optional bearer token (or a getter, read at each request). */
  token?: string | null | (() => string | null | undefined);
  /** Answer body → options. Default reads arrays (or an envelope's Content) of {value,label}, {id,name} or {Value,Text}. */
  mapResponse?: (body: unknown) => AutocompleteOption[];
  debounceMs?: number;
  /** Characters needed before searching (default 0: opening the list shows the first matches). */
  minChars?: number;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  ariaLabelledBy?: string;
  /** The error or hint that describes the control (its Field's message). */
  'aria-describedby'?: string;
  size?: ControlSize;
  onBlur?: () => void;
  /** The fetch to use (default window.fetch). */
  fetcher?: typeof fetch;
}

function readField(item: Record<string, unknown>, keys: string[]): unknown {
  for (const k of keys) if (item[k] !== undefined && item[k] !== null) return item[k];
  return undefined;
}

/** Default answer reader: a list (or an envelope's Content list) of {value,label}, {id,name}, {Value,Text} or plain strings. */
export function defaultMapResponse(body: unknown): AutocompleteOption[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' && Array.isArray((body as { Content?: unknown }).Content) ? (body as { Content: unknown[] }).Content : [];
  return list.flatMap((item): AutocompleteOption[] => {
    if (typeof item === 'string' || typeof item === 'number') return [{ value: item, label: String(item) }];
    if (!item || typeof item !== 'object') return [];
    const rec = item as Record<string, unknown>;
    const value = readField(rec, ['value', 'id', 'Value', 'Id']);
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = readField(rec, ['label', 'name', 'text', 'Label', 'Name', 'Text']);
    return [{ value, label: label === undefined ? String(value) : String(label) }];
  });
}

/** The request URL: the endpoint with `search` set (other query parameters kept). */
export function autocompleteUrl(endpoint: string, search: string): string {
  const [path, query = ''] = endpoint.split('?');
  const params = new URLSearchParams(query);
  params.set('search', search);
  return `${path}?${params.toString()}`;
}

type Status = 'idle' | 'loading' | 'done' | 'error';

/**
 * A select whose options come from the server as the user types: GET `endpoint?search=…` 500 ms after the
 * last keystroke, with credentials and an optional bearer token. Long option labels get a tooltip.
 */
export function Autocomplete({
  endpoint,
  value,
  onChange,
  token,
  mapResponse = defaultMapResponse,
  debounceMs = AUTOCOMPLETE_DEBOUNCE_MS,
  minChars = 0,
  placeholder,
  disabled,
  invalid,
  id,
  ariaLabelledBy,
  'aria-describedby': describedBy,
  size = 'md',
  onBlur,
  fetcher,
}: AutocompleteProps) {
  const { t } = useTranslation('ui');
  const [text, setText] = useState(value?.label ?? '');
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<AutocompleteOption[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [activeIndex, setActiveIndex] = useState(-1);
  const wrapRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-o${i}`;
  // Read at request time, so inline functions from the page never restart a search.
  const latest = useRef({ token, mapResponse, fetcher });
  latest.current = { token, mapResponse, fetcher };

  useEffect(() => {
    if (!typing) setText(value?.label ?? '');
  }, [value, typing]);

  // Debounced search: the query settles `debounceMs` after the last change of the text.
  useEffect(() => {
    if (!typing) return;
    const id = setTimeout(() => setQuery(text.trim()), debounceMs);
    return () => clearTimeout(id);
  }, [text, typing, debounceMs]);

  useEffect(() => {
    if (query === null || query.length < minChars) return;
    const controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'application/json' };
    const { token: tok, mapResponse: map, fetcher: doFetch } = latest.current;
    const bearer = typeof tok === 'function' ? tok() : tok;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    setStatus('loading');
    (doFetch ?? fetch)(autocompleteUrl(endpoint, query), { method: 'GET', credentials: 'include', headers, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const list = map(await res.json());
        setOptions(list);
        setActiveIndex(list.length ? 0 : -1);
        setStatus('done');
      })
      .catch((e: unknown) => {
        if ((e as { name?: string }).name === 'AbortError') return;
        setOptions([]);
        setStatus('error');
      });
    return () => controller.abort();
  }, [query, endpoint, minChars]);

  const pick = (o: AutocompleteOption | null) => {
    onChange(o);
    setTyping(false);
    setText(o?.label ?? '');
    setOpen(false);
    setQuery(null);
  };

  const openList = () => {
    setOpen(true);
    if (query === null) {
      setTyping(true);
      setQuery(text === value?.label ? '' : text.trim());
    }
  };

  const close = () => {
    setOpen(false);
    setTyping(false);
    setQuery(null);
    setText(value?.label ?? '');
  };

  const showList = open && (status !== 'idle' || options.length > 0);

  return (
    <div className={cx('tbo-ac', size === 'sm' && 'tbo-ac--sm')} ref={wrapRef}>
      <span className="tbo-affix">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-labelledby={ariaLabelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cx('tbo-input', size === 'sm' && 'tbo-input--sm')}
          placeholder={placeholder ?? t('autocomplete.placeholder')}
          disabled={disabled}
          value={text}
          title={value && value.label.length > AUTOCOMPLETE_TOOLTIP_OVER ? value.label : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setTyping(true);
            setOpen(true);
          }}
          onFocus={(e) => e.target.select()}
          onBlur={(e) => {
            const to = e.relatedTarget as Node | null;
            if (to && document.getElementById(listId)?.contains(to)) return;
            if (text.trim() === '' && value) onChange(null);
            close();
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              if (!open) openList();
              else setActiveIndex((i) => Math.min(options.length - 1, i + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActiveIndex((i) => Math.max(0, i - 1));
            } else if (e.key === 'Enter') {
              if (showList && activeIndex >= 0 && options[activeIndex]) {
                e.preventDefault();
                pick(options[activeIndex]!);
              }
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        />
        {value && !disabled ? (
          <button type="button" className="tbo-affix__btn" aria-label={t('autocomplete.clear')} title={t('autocomplete.clear')} onClick={() => { pick(null); inputRef.current?.focus(); }}>
            <Icon name="x" size={14} />
          </button>
        ) : (
          <span className="tbo-affix__icon">{status === 'loading' ? <span className="tbo-spinner tbo-spinner--xs" /> : <Icon name="search" size={14} />}</span>
        )}
      </span>
      <Popover open={showList} anchorRef={wrapRef} onClose={close} width="anchor" minWidth={220} role="presentation">
        <ul id={listId} role="listbox" className="tbo-ac__list" aria-label={placeholder ?? t('autocomplete.placeholder')}>
          {status === 'loading' && options.length === 0 && <li className="tbo-ac__note">{t('common.loading')}</li>}
          {status === 'error' && <li className="tbo-ac__note tbo-ac__note--error">{t('autocomplete.error')}</li>}
          {status === 'done' && options.length === 0 && <li className="tbo-ac__note">{t('autocomplete.noResults')}</li>}
          {options.map((o, i) => (
            <li
              key={`${o.value}`}
              id={optionId(i)}
              role="option"
              aria-selected={value?.value === o.value}
              className={cx('tbo-ac__option', i === activeIndex && 'tbo-ac__option--active', value?.value === o.value && 'tbo-ac__option--selected')}
              title={o.label.length > AUTOCOMPLETE_TOOLTIP_OVER ? o.label : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActiveIndex(i)}
              onClick={() => pick(o)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      </Popover>
    </div>
  );
}
