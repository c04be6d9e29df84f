import type { CommissionChangeKind } from '@tbo/event-schemas';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as every screen shows dates. */
export const dayText = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** An instant's Dubai date as DD.MM.YYYY. */
export const dubaiDayText = (instant: string): string => dayText(new Date(Date.parse(instant) + 4 * 3600_000).toISOString().slice(0, 10));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'YYYY-MM' → 'March 2026'. */
export const monthText = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Excel's limit on a sheet's name. */
const SHEET_NAME_MAX = 31;

/** The statement's sheet name: the agency's name shortened (with '…') so that the month and year stay whole. */
export function statementSheetTitle(agencyName: string, month: string): string {
  const when = monthText(month);
  const room = SHEET_NAME_MAX - when.length - 1;
  const name = agencyName.trim();
  return `${name.length > room ? `${name.slice(0, room - 1).trimEnd()}…` : name} ${when}`;
}

export const CHANGE_LABELS: Record<CommissionChangeKind, string> = { booked: 'Booked', rescheduled: 'Amended', cancelled: 'Cancelled', declined: 'Declined' };

/** The download's file name: commission-statement-<YYYY-MM>.<ext>. */
export const statementFileName = (month: string, ext: 'pdf' | 'xlsx') => `commission-statement-${month}.${ext}`;
