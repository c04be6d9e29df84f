import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { daysOfferedList, EVERYDAY } from '@tbo/scheduling/src/pure/days-offered.pure';
import { endsNextDay, minutesToTime, timeToMinutes } from '@tbo/scheduling/src/pure/time-of-day.pure';
import type { SlotType, TimeSlot, TimeType } from '../api/time-slot.schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** HH:MM as the slot has it, read by the spec's rule (unreadable is 00:00). */
export const hhmm = (text: string): string => minutesToTime(timeToMinutes(text));

/**
 * A slot's values in words (spec 02 §4): its time by its time type, its type, its days ('Everyday', or the days'
 * short names from Monday on). Built on the translation function so every screen words them alike.
 */
export function slotDisplay(t: Translate) {
  return {
    timeType: (v: TimeType) => t(`timeTypes.${v}`),
    type: (v: SlotType) => t(`slotTypes.${v}`),
    time(s: Pick<TimeSlot, 'timeType' | 'startTimeDescription' | 'endTimeDescription' | 'interval'>): string {
      const [start, end] = [timeToMinutes(s.startTimeDescription), timeToMinutes(s.endTimeDescription)];
      const hours = `${minutesToTime(start)}–${minutesToTime(end)}`;
      const range = endsNextDay(start, end) ? t('ui:time.nextDay', { range: hours }) : hours;
      if (s.timeType === 2) return t('display.noTime');
      if (s.timeType === 1) return s.interval ? t('display.anytimeEvery', { range, interval: s.interval }) : t('display.anytime', { range });
      return range;
    },
    days(mask: number): string {
      const list = daysOfferedList(mask);
      if (list.length === 1 && list[0] === EVERYDAY) return t('days.0');
      return list.map((v) => t(`daysShort.${v}`)).join(', ');
    },
  };
}

export type SlotDisplay = ReturnType<typeof slotDisplay>;

export function useSlotDisplay(): SlotDisplay {
  const { t } = useTranslation('timeslots');
  return useMemo(() => slotDisplay((key, options) => t(key, options ?? {})), [t]);
}
