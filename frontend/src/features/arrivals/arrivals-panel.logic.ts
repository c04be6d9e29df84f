import type { TFunction } from 'i18next';
import { GROUP_PHONE_MAX_LENGTH, GROUP_PHONES_MAX, groupPhonesProblem } from '@tbo/arrivals/src/pure/arrival-status.pure';
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

/**
 * A hotel's name in the group panel: from the hotels the supplier's arrivals stay at, else from the platform's
 * hotels (a group keeps its room at a hotel its guests have all left). Never the bare id: '' until the names load.
 */
export function hotelNameOf(hotelId: number, lists: readonly (readonly { id: number; name: string }[] | undefined)[], noHotel: string): string {
  if (hotelId === 0) return noHotel;
  for (const list of lists) {
    const name = list?.find((h) => h.id === hotelId)?.name;
    if (name) return name;
  }
  return '';
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

/**
 * Why a group's info cannot be saved as typed, in the reader's language, before the server is asked: its phone
 * numbers (the server's own limits), or a hotel without a room or a meeting without a date (the form would otherwise
 * drop them without a word). Null when it can be saved.
 */
export function groupInfoProblem(info: { phones: readonly string[]; rooms?: readonly { roomNumber: string }[]; meetings?: readonly { date: string }[] }, t: Translate): string | null {
  const phones = groupPhonesProblem(info.phones);
  if (phones === 'tooLong') return t('problems.phoneTooLong', { max: GROUP_PHONE_MAX_LENGTH });
  if (phones === 'tooMany') return t('problems.phonesTooMany', { max: GROUP_PHONES_MAX });
  if (info.rooms?.some((r) => !r.roomNumber.trim())) return t('problems.roomMissing');
  if (info.meetings?.some((m) => !m.date)) return t('problems.meetingNoDate');
  return null;
}
