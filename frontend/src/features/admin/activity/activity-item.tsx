import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { ActivityEntry } from './activity.api';
import { historyPath, itemText } from './activity-item.logic';

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
