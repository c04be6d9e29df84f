import type { TFunction } from 'i18next';
import type { ActivityEntry } from './activity.api';

/** "TourSeoChanged" → "Tour seo changed": the words of a type no translation names yet. */
export const humanize = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Where an item's history is shown, when it has a page: a tour's and a ticket's history tab, a booking's panel, the staff tab. */
export function historyPath(e: Pick<ActivityEntry, 'kind' | 'itemKey' | 'parentId'>): string | null {
  if (!/^\d+$/.test(e.itemKey)) return null;
  switch (e.kind) {
    case 'tour':
      return `/tours/${e.itemKey}?tab=history`;
    case 'offer':
      return e.parentId ? `/tours/${e.parentId}/${e.itemKey}?tab=history` : null;
    case 'booking':
      return `/bookings?id=${e.itemKey}`;
    case 'user':
      return '/admin/staff';
    default:
      return null;
  }
}

/**
 * The item's name (a booking by its reference, an arrival group by its number, a departure by its day), else the
 * kind's name; never a bare stream key.
 */
export function itemText(e: Pick<ActivityEntry, 'itemLabel' | 'kind' | 'itemKey'>, t: TFunction): string {
  if (e.itemLabel) return e.itemLabel;
  if (e.kind === 'booking' && /^\d+$/.test(e.itemKey)) return t('booking', { key: e.itemKey });
  // arrivalgroup-<supplier>.<group>
  const group = e.kind === 'arrivalgroup' ? /^\d+\.(\d+)$/.exec(e.itemKey) : null;
  if (group) return t('arrivalGroupItem', { id: group[1] });
  // departure-g<group>d<YYYYMMDD> or s<slot>d<YYYYMMDD>: its seats on that day
  const departure = e.kind === 'departure' ? /^[gs]\d+d(\d{4})(\d{2})(\d{2})$/.exec(e.itemKey) : null;
  if (departure) return t('departureItem', { date: `${departure[3]}.${departure[2]}.${departure[1]}` });
  return t(`kinds.${e.kind}`, { defaultValue: humanize(e.kind) });
}
