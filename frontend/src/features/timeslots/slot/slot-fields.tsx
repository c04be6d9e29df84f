import { useMemo, type ReactNode } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { endsNextDay, isCompleteTime, timeToMinutes } from '@tbo/scheduling/src/pure/time-of-day.pure';
import { EXTERNAL_CODE_TYPE_OPTIONS, SLOT_TYPE_OPTIONS, TIME_SLOT_LIMITS as L, TIME_TYPE_OPTIONS } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { TitledSection } from '../../../ui/common/titled-section';
import { NumberField, SelectField, TextField, TimeField } from '../../../ui/fields';
import { usePickUpTimeOptions } from '../api/list-pickup-time-options';
import { useGonePickUpTime } from '../use-gone-pick-up-time';
import { DaysOfferedField } from './days-offered-field';
import { visibleFields, type SlotForm } from './slot-form';

export function SlotSection({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <TitledSection className="timeslots-section" headingId={`slot-${id}`} title={title} titleClassName="timeslots-section__title" data-testid={testId}>
      {children}
    </TitledSection>
  );
}

/**
 * The slot's own fields (spec 02 §2 time slot edit, §3, §5), shown as its time type, its type and its group say:
 * start and end but for NoTime, the interval for Anytime, the cut-off for OnRequest, capacity and minimum advanced
 * booking when the group's slots are independent.
 */
export function SlotFields({ control, setValue, independent, groupPickUpTimeId }: { control: Control<SlotForm>; setValue: UseFormSetValue<SlotForm>; independent: boolean; groupPickUpTimeId: number | null }) {
  const { t } = useTranslation('timeslots');
  const [timeType, type, isExternalId, diff, start, end] = useWatch({ control, name: ['timeType', 'type', 'isExternalId', 'externalProviderDiffProductsAdultChild', 'startTimeDescription', 'endTimeDescription'] });
  // Said only of two whole times: '1' typed towards '14:00' is not yet an end before a 09:00 start.
  const overnight = isCompleteTime(start) && isCompleteTime(end) && endsNextDay(timeToMinutes(start), timeToMinutes(end));
  const show = visibleFields({ timeType, type, isExternalId, externalProviderDiffProductsAdultChild: diff }, independent);
  const pickUpTimes = usePickUpTimeOptions();
  const pickUpOptions = useMemo(() => pickUpTimes.data ?? [], [pickUpTimes.data]);
  const groupPickUp = pickUpOptions.find((o) => o.value === groupPickUpTimeId)?.label;
  // A pick-up time deleted since it was chosen becomes none (the group's then applies), said at the field.
  const pickUpTimeGone = useGonePickUpTime(control, setValue, pickUpTimes.data);
  const timeTypes = TIME_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(`timeTypes.${o.value}`) }));
  const slotTypes = SLOT_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(`slotTypes.${o.value}`) }));
  return (
    <>
      <SlotSection id="time" title={t('slot.sections.time')}>
        <div className="timeslots-fields">
          <TextField control={control} name="name" label={t('slot.fields.name')} required maxLength={L.nameMax} autoComplete="off" className="timeslots-fields__wide" />
          <SelectField control={control} name="timeType" label={t('slot.fields.timeType')} options={timeTypes} required />
          {show.times && <TimeField control={control} name="startTimeDescription" label={t('slot.fields.start')} />}
          {show.times && <TimeField control={control} name="endTimeDescription" label={t('slot.fields.end')} hint={overnight ? t('slot.hints.endsNextDay') : undefined} />}
          {show.interval && (
            <NumberField control={control} name="interval" label={t('slot.fields.interval')} required min={0} max={L.intervalMax} decimals={0} suffix={t('common.minutesSuffix')} hint={t('slot.hints.interval')} />
          )}
          <NumberField control={control} name="duration" label={t('slot.fields.duration')} min={0} max={L.durationMax} decimals={0} suffix={t('common.minutesSuffix')} />
        </div>
      </SlotSection>
      <SlotSection id="booking" title={t('slot.sections.booking')}>
        <div className="timeslots-fields">
          <SelectField control={control} name="type" label={t('slot.fields.type')} options={slotTypes} required />
          {show.cutOff && (
            <NumberField
              control={control}
              name="cutOffResponseTime"
              label={t('slot.fields.cutOff')}
              min={0}
              max={L.cutOffResponseTimeMax}
              decimals={0}
              suffix={t('common.hoursSuffix')}
              hint={t('slot.hints.cutOff')}
            />
          )}
          {show.capacity && <NumberField control={control} name="capacity" label={t('slot.fields.capacity')} min={0} max={L.capacityMax} decimals={0} hint={t('slot.hints.capacity')} />}
          {show.capacity && (
            <NumberField
              control={control}
              name="minimumAdvancedBooking"
              label={t('slot.fields.minimumAdvancedBooking')}
              min={L.minimumAdvancedBookingMin}
              max={L.minimumAdvancedBookingMax}
              decimals={0}
              suffix={t('common.hoursSuffix')}
            />
          )}
          <SelectField
            control={control}
            name="pickUpTimeId"
            label={t('slot.fields.pickUpTime')}
            options={pickUpOptions}
            placeholder={pickUpTimes.isPending ? t('common.loadingOptions') : groupPickUp ? t('slot.fields.groupPickUpTime', { name: groupPickUp }) : t('slot.fields.noPickUpTime')}
            hint={pickUpTimeGone ? t('common.pickUpTimeGone') : undefined}
          />
        </div>
        <DaysOfferedField control={control} />
      </SlotSection>
    </>
  );
}

/** The code types' choices in words (None, QR Code, Bar Code). */
export function useCodeTypeOptions() {
  const { t } = useTranslation('timeslots');
  return EXTERNAL_CODE_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(`codeTypes.${o.value}`) }));
}
