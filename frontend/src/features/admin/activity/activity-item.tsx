import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
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

/** The item's name (a booking by its reference), else the kind's name; never a bare id. */
export function itemText(e: ActivityEntry, t: TFunction): string {
  if (e.itemLabel) return e.itemLabel;
  if (e.kind === 'booking' && /^\d+$/.test(e.itemKey)) return t('booking', { key: e.itemKey });
  return t(`kinds.${e.kind}`, { defaultValue: humanize(e.kind) });
}

export function ActivityItem({ entry, t }: { entry: ActivityEntry; t: TFunction }) {
  const text = itemText(entry, t);
  const to = historyPath(entry);
  return to ? (
    <Link to={to} title={t('history', { item: text })} data-testid="activity-item-link">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}
