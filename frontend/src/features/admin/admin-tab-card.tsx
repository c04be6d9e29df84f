import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AdminTabCardProps {
  /** The tab's key: its name (`tabs.{tab}` in the admin texts) heads the card. */
  tab: string;
  /** The card's own class and its test id. */
  name: string;
  /** Beside the heading (an Add button), both in a row of this class. */
  head?: { className: string; extra: ReactNode };
  children: ReactNode;
}

/** The card of an admin tab that is a screen of its own (activity, contracting, staff, ticket stock), headed by the tab's name. */
export function AdminTabCard({ tab, name, head, children }: AdminTabCardProps) {
  const { t } = useTranslation('admin');
  const title = (
    <h2 className="admin-card__title" id="admin-tab-title">
      {t(`tabs.${tab}`)}
    </h2>
  );
  return (
    <section className={`card admin-card ${name}`} aria-labelledby="admin-tab-title" data-testid={name}>
      {head ? (
        <div className={head.className}>
          {title}
          {head.extra}
        </div>
      ) : (
        title
      )}
      {children}
    </section>
  );
}
