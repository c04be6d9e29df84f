import type { TFunction } from 'i18next';
import { businessDate, dubaiDateTime, timeRange } from '../../ui/format/day-format';

/** The arrivals namespace's `t` (useTranslation('arrivals')). */
export type Translate = TFunction<'arrivals'>;

/**
 * A meeting as the group panel lists it, in the reader's language: 'DD.MM.YYYY HH:MM–HH:MM', or the day and
 * '(no time)' translated. Written here, not taken from the server's English dateTimeDisplay.
 */
export function meetingText(m: { date: string; timeStart: number | null; timeEnd: number | null; isNoTime: boolean }, t: Translate): string {
  const date = businessDate(m.date);
  return m.isNoTime || m.timeStart === null ? t('group.meetingNoTime', { date }) : t('group.meetingAt', { date, time: timeRange(m.timeStart, m.timeEnd) });
}

/** When a contact was logged: Dubai wall time (DD.MM.YYYY HH:MM), whatever the browser's clock says. */
export const logEntryTime = (at: string): string => dubaiDateTime(at);

/**
 * The version an import sends: none for the preview; for the confirmed import, the version its preview showed
 * (not the lists' cached one), so a list a colleague changed since the preview answers 409 instead of being imported over.
 */
export function importVersion(confirm: boolean, preview: { version: number | null } | null): number | null | undefined {
  return confirm ? (preview?.version ?? null) : undefined;
}
