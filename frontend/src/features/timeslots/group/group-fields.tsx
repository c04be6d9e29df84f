import { useMemo } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextField, ToggleField } from '../../../ui/fields';
import { usePickUpTimeOptions } from '../api/list-pickup-time-options';
import { useGonePickUpTime } from '../use-gone-pick-up-time';
import { GROUP_LIMITS, type GroupForm } from './group-form';

/**
 * The group's own fields (spec 02 §2 group edit, §3): name, capacity, minimum advanced booking, pick-up time,
 * independent slots. A pick-up time deleted since it was chosen becomes none, said at the field.
 */
export function GroupFields({ control, setValue }: { control: Control<GroupForm>; setValue: UseFormSetValue<GroupForm> }) {
  const { t } = useTranslation('timeslots');
  const pickUpTimes = usePickUpTimeOptions();
  const options = useMemo(() => pickUpTimes.data ?? [], [pickUpTimes.data]);
  const pickUpTimeGone = useGonePickUpTime(control, setValue, pickUpTimes.data);
  return (
    <div className="timeslots-fields" data-testid="group-fields">
      <TextField control={control} name="name" label={t('group.fields.name')} required maxLength={200} autoComplete="off" className="timeslots-fields__wide" />
      <NumberField
        control={control}
        name="capacity"
        label={t('group.fields.capacity')}
        required
        min={0}
        max={GROUP_LIMITS.capacityMax}
        decimals={0}
        hint={t('group.hints.capacity', { min: GROUP_LIMITS.capacityMin, max: GROUP_LIMITS.capacityMax })}
      />
      <NumberField
        control={control}
        name="minimumAdvancedBooking"
        label={t('group.fields.minimumAdvancedBooking')}
        required
        min={GROUP_LIMITS.advanceMin}
        max={GROUP_LIMITS.advanceMax}
        decimals={0}
        suffix={t('common.hoursSuffix')}
        hint={t('group.hints.advance', { min: GROUP_LIMITS.advanceMin, max: GROUP_LIMITS.advanceMax })}
      />
      <SelectField
        control={control}
        name="pickUpTimeId"
        label={t('group.fields.pickUpTime')}
        options={options}
        placeholder={pickUpTimes.isPending ? t('common.loadingOptions') : t('group.fields.noPickUpTime')}
        hint={pickUpTimeGone ? t('common.pickUpTimeGone') : undefined}
      />
      <ToggleField control={control} name="isTimeSlotsIndependant" label={t('group.fields.independent')} hint={t('group.hints.independent')} />
    </div>
  );
}
