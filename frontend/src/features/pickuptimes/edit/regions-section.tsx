import { useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Toggle } from '../../../ui/fields';
import { hasTime, type PickUpTimeForm, type RegionInfo } from './pickup-time-form';
import { TimesTable } from './times-table';

interface RegionsSectionProps {
  control: Control<PickUpTimeForm>;
  rows: RegionInfo[];
  onMassSet: (indexes: number[], start: string, end: string) => void;
}

/**
 * The regions table (region, city, start, end). Deactivated regions show with 'Show deactivated regions'; one that
 * has a time shows anyway (marked), so nothing that is saved is ever out of sight.
 */
export function RegionsSection({ control, rows, onMassSet }: RegionsSectionProps) {
  const { t } = useTranslation('pickuptimes');
  const [showInactive, setShowInactive] = useState(false);
  const times = useWatch({ control, name: 'regions' });
  const visible = useMemo(() => rows.flatMap((r, i) => (r.isActive || showInactive || (times?.[i] && hasTime(times[i])) ? [i] : [])), [rows, showInactive, times]);
  const columns = useMemo(
    () => [
      {
        header: t('columns.region'),
        cell: (i: number) => (
          <span className="pickup-times__name">
            {rows[i]!.name}
            {!rows[i]!.isActive && <span className="pickup-times__badge">{t('deactivated')}</span>}
          </span>
        ),
      },
      { header: t('columns.city'), cell: (i: number) => rows[i]!.cityName },
    ],
    [rows, t],
  );
  return (
    <TimesTable
      control={control}
      list="regions"
      title={t('regions.title')}
      columns={columns}
      visible={visible}
      rowLabel={(i) => rows[i]!.name}
      rowClass={(i) => (rows[i]!.isActive ? undefined : 'pickup-times__row--inactive')}
      tools={<Toggle size="sm" checked={showInactive} onChange={setShowInactive} label={t('regions.showDeactivated')} />}
      emptyText={t('regions.empty')}
      onMassSet={onMassSet}
      testId="regions-table"
    />
  );
}
