import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { chooseDaysOffered, DAYS_OFFERED_OPTIONS } from '@tbo/scheduling/src/pure/days-offered.pure';
import { cx } from '../../../ui/common/cx';
import type { SlotForm } from './slot-form';

/**
 * Days offered (spec 02 §2, §5): a multi-choice over Everyday and the seven days, as checkboxes (Tab and Space).
 * Choosing Everyday clears the days, choosing a day removes Everyday, and clearing the last choice is Everyday again.
 */
export function DaysOfferedField({ control }: { control: Control<SlotForm> }) {
  const { t } = useTranslation('timeslots');
  const { field, fieldState } = useController({ control, name: 'daysOffered' });
  const legendId = useId();
  const errorId = `${legendId}-error`;
  // The error describes each checkbox (read when one gets the focus, as the Everyday one does after a failed save),
  // not an alert of its own: the form's summary is the one alert of a failed save.
  const describedBy = fieldState.error ? errorId : undefined;
  const chosen = field.value ?? [];
  const toggle = (value: number, on: boolean) => field.onChange(chooseDaysOffered(chosen, on ? [...chosen, value] : chosen.filter((v) => v !== value)));
  return (
    <fieldset className={cx('timeslots-days', fieldState.error && 'timeslots-days--invalid')} aria-labelledby={legendId} data-testid="days-offered">
      <legend className="tbo-field__label" id={legendId}>
        {t('slot.fields.daysOffered')}
      </legend>
      <div className="timeslots-days__list">
        {DAYS_OFFERED_OPTIONS.map((o) => {
          const on = chosen.includes(o.value);
          return (
            <label key={o.value} className={cx('timeslots-day', on && 'timeslots-day--on')} data-testid={`day-${o.value}`}>
              <input
                type="checkbox"
                className="tbo-checkbox"
                checked={on}
                onChange={(e) => toggle(o.value, e.target.checked)}
                onBlur={field.onBlur}
                ref={o.value === 0 ? field.ref : undefined}
                aria-invalid={fieldState.invalid || undefined}
                aria-describedby={describedBy}
              />
              <span>{t(`days.${o.value}`)}</span>
            </label>
          );
        })}
      </div>
      {fieldState.error && (
        <div className="tbo-field__error" id={errorId}>
          {fieldState.error.message}
        </div>
      )}
    </fieldset>
  );
}
