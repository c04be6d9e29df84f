import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable, editLinkColumn, followCellLink, localPage, type DataTableColumn, type TableDataSource } from '../../../ui/data-table';
import { usePickUpTimeOptions } from '../api/list-pickup-time-options';
import type { TimeSlot } from '../api/time-slot.schema';
import { slotEditPath } from '../list/group-rows';
import { useSlotDisplay } from '../slot/slot-display';

/** Spec 02 §9: the time slot table of the group editor is 400 px high. */
export const SLOTS_TABLE_HEIGHT = 400;

interface SlotRow {
  id: number;
  name: string;
  time: string;
  type: string;
  days: string;
  capacity: string;
  pickUpTime: string;
}

/** The group's time slots (spec 02 §2): each row by its name and formatted values, linking to its edit page. */
export function GroupSlotsTable({ groupId, slots, independent }: { groupId: number; slots: TimeSlot[]; independent: boolean }) {
  const { t } = useTranslation('timeslots');
  const display = useSlotDisplay();
  const pickUpTimes = usePickUpTimeOptions();
  const rows = useMemo<SlotRow[]>(() => {
    const names = new Map((pickUpTimes.data ?? []).map((o) => [o.value, o.label]));
    return slots.map((s) => ({
      id: s.id,
      name: s.name,
      time: display.time(s),
      type: display.type(s.type),
      days: display.days(s.daysOffered),
      capacity: independent && s.capacity !== null ? String(s.capacity) : '',
      // A slot's own pick-up time is blank until the names arrive, rather than 'Group's' for a moment.
      pickUpTime: s.pickUpTimeId && !pickUpTimes.data ? '' : (s.pickUpTimeId && names.get(s.pickUpTimeId)) || t('slots.groupPickUpTime'),
    }));
  }, [slots, independent, display, pickUpTimes.data, t]);
  const dataSource = useCallback<TableDataSource<SlotRow>>((filter) => Promise.resolve(localPage(rows, filter)), [rows]);

  const columns = useMemo<DataTableColumn<SlotRow>[]>(() => {
    const list: DataTableColumn<SlotRow>[] = [
      {
        field: 'name',
        header: t('slots.columns.name'),
        width: 200,
        flex: 1,
        render: (r) => (
          <Link to={slotEditPath(groupId, r.id)} className="timeslots-list__name" tabIndex={-1} data-testid="slot-row-name" data-slot-id={r.id}>
            {r.name}
          </Link>
        ),
        exportValue: (r) => r.name,
      },
      { field: 'time', header: t('slots.columns.time'), width: 250, flex: 2 },
      { field: 'type', header: t('slots.columns.type'), width: 130 },
      { field: 'days', header: t('slots.columns.days'), width: 220, flex: 1 },
    ];
    if (independent) list.push({ field: 'capacity', header: t('slots.columns.capacity'), width: 140, align: 'right' });
    list.push({ field: 'pickUpTime', header: t('slots.columns.pickUpTime'), width: 180, flex: 1 });
    list.push(editLinkColumn({ header: t('slots.columns.edit'), to: (r) => slotEditPath(groupId, r.id), label: (r) => t('slots.edit', { name: r.name }), testId: 'slot-row-edit', exportValue: false }));
    return list;
  }, [t, groupId, independent]);

  return (
    <div onKeyDownCapture={followCellLink}>
      <DataTable<SlotRow>
        testId="slots-table"
        title={t('slots.title')}
        columns={columns}
        dataSource={dataSource}
        initialSort={{ field: 'name', type: 'ASC' }}
        height={SLOTS_TABLE_HEIGHT}
        emptyMessage={t('slots.empty')}
      />
    </div>
  );
}
