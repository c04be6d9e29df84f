import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/common/cx';
import { TOUR_TABS, type TourTab } from './tour-tabs';

export interface TourTabListProps {
  tab: TourTab;
  onSelect: (tab: TourTab) => void;
  errorTabs: Set<TourTab>;
  /** The Basic tab's problems (its badge lists them). */
  basicProblems: string[];
  /** The Media tab's warnings (no photos, no hero): a warning badge, they do not block saving. */
  mediaWarnings: string[];
}

/** The editor's vertical tabs: errors as a badge on Basic, a warning on Media, a marker elsewhere; arrows move. */
export function TourTabList({ tab, onSelect, errorTabs, basicProblems, mediaWarnings }: TourTabListProps) {
  const { t } = useTranslation('tour-edit');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TOUR_TABS.length - 1;
    const next = e.key === 'ArrowDown' ? (index === last ? 0 : index + 1) : e.key === 'ArrowUp' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (next === null) return;
    e.preventDefault();
    const key = TOUR_TABS[next]!;
    onSelect(key);
    tabRefs.current[key]?.focus();
  };
  return (
    <div className="card side-tabs side-tabs__list" role="tablist" aria-orientation="vertical" aria-label={t('tabsLabel')}>
      {TOUR_TABS.map((key, index) => {
        const active = key === tab;
        const hasError = errorTabs.has(key);
        return (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`tour-tab-${key}`}
            aria-selected={active}
            aria-controls="tour-tabpanel"
            tabIndex={active ? 0 : -1}
            className={cx('side-tabs__tab', active && 'side-tabs__tab--active', hasError && 'tour-tabs__tab--error')}
            onClick={() => onSelect(key)}
            onKeyDown={(e) => onTabKey(e, index)}
            data-testid={`tour-tab-${key}`}
          >
            <span className="tour-tabs__label">{t(`tabs.${key}`)}</span>
            {key === 'basic' && basicProblems.length > 0 ? (
              <span className="tour-tabs__badge tour-tabs__badge--error" title={basicProblems.join('\n')} data-testid="basic-error-badge">
                {basicProblems.length}
                <span className="tbo-sr-only">
                  {' '}
                  {t('problems.title', { count: basicProblems.length })}: {basicProblems.join('; ')}
                </span>
              </span>
            ) : key === 'media' && mediaWarnings.length > 0 ? (
              <span className="tour-tabs__badge tour-tabs__badge--warning" title={mediaWarnings.join('\n')} data-testid="media-warning-badge">
                !<span className="tbo-sr-only"> {mediaWarnings.join('; ')}</span>
              </span>
            ) : hasError ? (
              <span className="tour-tabs__dot" title={t('tabHasErrors')} data-testid={`tab-error-${key}`}>
                <span className="tbo-sr-only">({t('tabHasErrors')})</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
