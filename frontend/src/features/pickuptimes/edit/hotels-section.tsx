import { useDeferredValue, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput, Toggle } from '../../../ui/fields';
import { hasTime, isNoHotel, type HotelInfo, type PickUpTimeForm } from './pickup-time-form';
import { TimesTable } from './times-table';

interface HotelsSectionProps {
  control: Control<PickUpTimeForm>;
  rows: HotelInfo[];
  /** The pick-up time had overrides when read: the table is always shown (spec 02 §4). */
  hadOverrides: boolean;
  onMassSet: (indexes: number[], start: string, end: string) => void;
}

/**
 * The hotels override table (hotel, region, city, start, end; 'No Hotel' first). Without overrides it is revealed by
 * 'Override hotels pick up times'; while any hotel has a time the table stays, so a time never hides.
 */
export function HotelsSection({ control, rows, hadOverrides, onMassSet }: HotelsSectionProps) {
  const { t } = useTranslation('pickuptimes');
  const [override, setOverride] = useState(false);
  const [filter, setFilter] = useState('');
  const wanted = useDeferredValue(filter.trim().toLocaleLowerCase());
  const times = useWatch({ control, name: 'hotels' });
  const anyTime = (times ?? []).some(hasTime);
  const name = (h: HotelInfo) => (isNoHotel(h) ? t('noHotel') : h.name);

  const visible = useMemo(
    () => rows.flatMap((h, i) => (!wanted || [isNoHotel(h) ? t('noHotel') : h.name, h.regionName, h.cityName].some((v) => v.toLocaleLowerCase().includes(wanted)) ? [i] : [])),
    [rows, wanted, t],
  );
  const columns = useMemo(
    () => [
      {
        header: t('columns.hotel'),
        cell: (i: number) => (isNoHotel(rows[i]!) ? <span className="pickup-times__no-hotel">{t('noHotel')}</span> : rows[i]!.name),
      },
      { header: t('columns.region'), cell: (i: number) => rows[i]!.regionName },
      { header: t('columns.city'), cell: (i: number) => rows[i]!.cityName },
    ],
    [rows, t],
  );

  const shown = hadOverrides || override || anyTime;
  return (
    <>
      {!hadOverrides && (
        <div className="pickup-edit__override">
          <Toggle checked={shown} disabled={anyTime} onChange={setOverride} label={t('hotels.override')} />
          {anyTime && <span className="pickup-edit__hint">{t('hotels.overrideKept')}</span>}
        </div>
      )}
      {shown && (
        <TimesTable
          control={control}
          list="hotels"
          title={t('hotels.title')}
          columns={columns}
          visible={visible}
          rowLabel={(i) => name(rows[i]!)}
          tools={<TextInput size="sm" type="search" value={filter} onChange={setFilter} className="pickup-times__filter" placeholder={t('hotels.filter')} aria-label={t('hotels.filter')} data-testid="hotels-filter" />}
          emptyText={t('hotels.empty')}
          onMassSet={onMassSet}
          testId="hotels-table"
        />
      )}
    </>
  );
}
