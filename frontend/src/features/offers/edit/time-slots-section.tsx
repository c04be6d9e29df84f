import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { endsNextDay, minutesToTime } from '../../../ui/format/time';
import { TitledSection } from '../../../ui/common/titled-section';
import { useTimeSlotOptions, type TimeSlotGroupOption, type TimeSlotOption } from '../api/list-time-slot-options';
import type { OfferForm } from './offer-form';

/** When a slot runs, as its time type says (Fixed: start–end; Anytime: from–until; NoTime: no time). */
function slotTime(s: TimeSlotOption, t: TFunction<'offer-edit'>): string {
  if (s.timeType === 2) return t('timeSlots.noTime');
  const end = minutesToTime(s.endTime);
  const range = { start: minutesToTime(s.startTime), end: endsNextDay(s.startTime, s.endTime) ? t('ui:time.nextDay', { range: end }) : end };
  return s.timeType === 1 ? t('timeSlots.anytime', range) : t('timeSlots.fixed', range);
}

/**
 * Spec 01 §2 offer edit, 'time slot groups and slots selection': the supplier's groups, each with a check box that
 * takes or leaves all its slots, and one check box per slot. The server refuses another supplier's slots.
 * Slots chosen before they were deleted stay chosen (and are sent back) but are not shown.
 */
export function TimeSlotsSection({ control }: { control: Control<OfferForm> }) {
  const { t } = useTranslation('offer-edit');
  const options = useTimeSlotOptions();
  const { field } = useController({ control, name: 'timeSlots' });
  const chosen = new Set(field.value);
  const set = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    field.onChange([...next].sort((a, b) => a - b));
  };
  const groups = options.data ?? [];
  return (
    <TitledSection className="offer-section" headingId="offer-timeslots" title={t('sections.timeSlots')} titleClassName="offer-section__title" data-testid="offer-time-slots">
      {options.isPending && <p className="offer-muted">{t('loadingOptions')}</p>}
      {options.isError && <p className="offer-muted" role="alert">{t('timeSlots.loadFailed')}</p>}
      {options.isSuccess && groups.length === 0 && (
        <p className="offer-muted">
          {t('timeSlots.none')} <Link to="/timeslots/add">{t('timeSlots.addGroup')}</Link>
        </p>
      )}
      <div className="offer-timeslots">
        {groups.map((g) => (
          <GroupChoice key={g.id} group={g} chosen={chosen} onChange={set} slotTime={(s) => slotTime(s, t)} />
        ))}
      </div>
    </TitledSection>
  );
}

function GroupChoice({ group, chosen, onChange, slotTime }: { group: TimeSlotGroupOption; chosen: Set<number>; onChange: (ids: number[], on: boolean) => void; slotTime: (s: TimeSlotOption) => string }) {
  const { t } = useTranslation('offer-edit');
  const ids = group.timeSlots.map((s) => s.id);
  const taken = ids.filter((id) => chosen.has(id)).length;
  return (
    <fieldset className="offer-timeslots__group" data-testid={`offer-time-slot-group-${group.id}`}>
      <legend>
        <label className="offer-timeslots__choice">
          <input
            type="checkbox"
            checked={ids.length > 0 && taken === ids.length}
            ref={(el) => {
              if (el) el.indeterminate = taken > 0 && taken < ids.length;
            }}
            disabled={ids.length === 0}
            onChange={(e) => onChange(ids, e.target.checked)}
          />
          <strong>{group.name}</strong>
        </label>{' '}
        <Link to={`/timeslots/${group.id}`} className="offer-timeslots__edit">
          {t('timeSlots.editGroup')}
        </Link>
      </legend>
      {group.timeSlots.length === 0 && <p className="offer-muted">{t('timeSlots.noSlots')}</p>}
      {group.timeSlots.map((s) => (
        <label key={s.id} className="offer-timeslots__choice offer-timeslots__slot">
          <input type="checkbox" checked={chosen.has(s.id)} onChange={(e) => onChange([s.id], e.target.checked)} />
          <span>{s.name}</span> <span className="offer-muted">{slotTime(s)}</span>
        </label>
      ))}
    </fieldset>
  );
}
