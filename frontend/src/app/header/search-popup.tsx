import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchGroup, SearchOption } from './search-results';

/**
 * The header search's drop-down: a listbox of grouped options (Pages, Tours, Tickets) and a status line while the
 * catalog is asked or, when nothing matched, what was searched. The input keeps the focus (aria-activedescendant),
 * so a click must not take it away before the option opens.
 */
export function SearchPopup(props: {
  listId: string;
  groups: SearchGroup[];
  active: number;
  optionId: (index: number) => string;
  searching: boolean;
  /** What 'nothing found' says: what was looked through, for this user. */
  nothing: string;
  onPick: (option: SearchOption) => void;
  onHover: (index: number) => void;
}) {
  const { listId, groups, active, optionId, searching, nothing, onPick, onHover } = props;
  const { t } = useTranslation('shell');
  const empty = groups.length === 0;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, optionId]);

  let index = -1;
  return (
    <div className="search-popup" data-testid="search-popup" onMouseDown={(e) => e.preventDefault()}>
      {!empty && (
        <div className="search-popup__list" role="listbox" id={listId} aria-label={t('search.results')}>
          {groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`} className="search-popup__group" data-group={group.key}>
              <div role="presentation" id={`${listId}-${group.key}`} className="search-popup__heading">
                {t(`search.groups.${group.key}`)}
              </div>
              {group.options.map((option) => {
                index += 1;
                const i = index;
                return (
                  <div
                    key={option.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={`search-popup__option${i === active ? ' search-popup__option--active' : ''}`}
                    data-testid="search-option"
                    onClick={() => onPick(option)}
                    onMouseEnter={() => onHover(i)}
                  >
                    <span className="search-popup__label">{option.label}</span>
                    {option.detail && <span className="search-popup__detail">{option.detail}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      {(searching || empty) && (
        <div className="search-popup__status" role="status">
          {searching ? t('search.searching') : nothing}
        </div>
      )}
    </div>
  );
}
