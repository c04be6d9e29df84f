import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { Icon } from '../../../ui/common/icons';
import { MultiSelect } from '../../../ui/fields/multi-select';
import { usePhotoTours } from '../api/list-photo-tours';

export interface MediaFilterProps {
  searchText: string;
  onSearchText: (text: string) => void;
  toursIds: number[];
  onToursIds: (ids: number[]) => void;
  filtered: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The filter bar (spec 01 §2): search text, the tours that use the photos, Clear, and Refresh. */
export function MediaFilter({ searchText, onSearchText, toursIds, onToursIds, filtered, onRefresh, refreshing }: MediaFilterProps) {
  const { t } = useTranslation('media');
  const tours = usePhotoTours();
  const tourOptions = useMemo(() => (tours.data ?? []).map((x) => ({ value: x.id, label: x.name })), [tours.data]);
  return (
    <div className="media-filter card" role="search" data-testid="media-filter">
      <label className="media-filter__search">
        <span className="tbo-sr-only">{t('filter.search')}</span>
        <Icon name="search" size={16} className="media-filter__search-icon" />
        <input className="tbo-input" type="search" maxLength={200} value={searchText} placeholder={t('filter.searchPlaceholder')} onChange={(e) => onSearchText(e.target.value)} data-testid="media-search" />
      </label>
      <div className="media-filter__tours">
        <span className="media-filter__label" id="media-tours-label">
          {t('filter.tours')}
        </span>
        <MultiSelect<number> options={tourOptions} value={toursIds} onChange={onToursIds} placeholder={t('filter.allTours')} ariaLabelledBy="media-tours-label" className="media-filter__tours-select" />
      </div>
      {filtered && (
        <Button
          variant="ghost"
          icon="filterOff"
          label={t('filter.clear')}
          onClick={() => {
            onSearchText('');
            onToursIds([]);
          }}
          data-testid="media-filter-clear"
        />
      )}
      <div className="media-filter__spacer" />
      <Button variant="ghost" icon="refresh" iconOnly label={t('grid.refresh')} onClick={onRefresh} busy={refreshing} />
    </div>
  );
}
