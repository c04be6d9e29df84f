import { useEffect, useState } from 'react';
import { useFormState, useWatch, type Control, type FieldPath, type FieldValues, type PathValue, type UseFormSetValue } from 'react-hook-form';
import type { PickUpTimeOption } from './api/list-pickup-time-options';
import { isGonePickUpTime } from './pickup-time-choice';

/**
 * Maps a pick-up time the options no longer have (deleted since) to none, as a change of the form (saving then
 * stores none). Answers whether it did, while the field is still empty and unsaved, for the page to say so at the field.
 */
export function useGonePickUpTime<F extends FieldValues & { pickUpTimeId: number | null }>(control: Control<F>, setValue: UseFormSetValue<F>, options: PickUpTimeOption[] | undefined): boolean {
  const name = 'pickUpTimeId' as FieldPath<F>;
  const value = useWatch({ control, name }) as number | null;
  const { dirtyFields } = useFormState({ control, name });
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!isGonePickUpTime(value, options)) return;
    setValue(name, null as PathValue<F, FieldPath<F>>, { shouldDirty: true });
    setGone(true);
  }, [value, options, setValue, name]);
  // Saved (the form reset to what was stored) or changed by the user since, there is nothing left to say.
  return gone && value === null && !!(dirtyFields as Record<string, unknown>).pickUpTimeId;
}
