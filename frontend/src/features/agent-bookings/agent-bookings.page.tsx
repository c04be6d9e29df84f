import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../app/pages/not-found.page';
import { useDocumentTitle } from '../../app/use-document-title';
import { useMayOpen } from '../../app/guards/use-may-open';
import { isStaffBooker } from '../../app/bookings/staff-booker';
import { useAuthUser } from '../../lib/auth-session';
import { PageHeaderBar } from '../../ui/common/page-header';
import { ListPageFrame } from '../../ui/list-page';
import { AgentBookingsTable } from './agent-bookings-table';

/** /agent/bookings (spec 02 §2 Agent bookings), with the link to add a booking. */
export function AgentBookingsPage() {
  const { t } = useTranslation('agent-bookings');
  return (
    <ListPageFrame testId="agent-bookings" className="agent-bookings-page" title={t('bookingsTitle')} subtitle={t('bookingsSubtitle')} add={{ to: '/agent/bookings/add', label: t('add'), testId: 'agent-bookings-add' }}>
      <AgentBookingsTable kind="bookings" />
    </ListPageFrame>
  );
}

/** /agent/commissions (spec 02 §2 Agent commissions); `children` follow the list (the router adds the agency's statements). */
export function AgentCommissionsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('agent-bookings');
  useDocumentTitle(t('commissionsTitle'));
  // The supplier's staff book for no agency: their commission is the staff's.
  const subtitle = t(isStaffBooker(useAuthUser()) ? 'commissionsSubtitleStaff' : 'commissionsSubtitle');
  return (
    <div className="page agent-commissions-page" data-testid="agent-commissions">
      <PageHeaderBar className="list-page__header" title={t('commissionsTitle')} subtitle={subtitle} titleTestId="page-title" />
      <AgentBookingsTable kind="commissions" />
      {children}
    </div>
  );
}

/**
 * /agent/bookings/g-{groupId}: the bookings of an arrival group; anything else there is a 404. The arrivals table
 * links here for the supplier's operators and arrivals managers too, who book nothing: they get no add link.
 */
export function AgentGroupBookingsPage() {
  const { t } = useTranslation('agent-bookings');
  const { groupRef = '' } = useParams();
  const mayOpen = useMayOpen();
  const match = /^g-(\d{1,9})$/i.exec(groupRef);
  const groupId = match ? Number(match[1]) : 0;
  // Set here too, not only by the frame: an unknown group's tab is titled so over the not-found page's own title.
  useDocumentTitle(t('groupTitle', { id: groupId }));
  if (!groupId) return <NotFoundPage />;
  const table = <AgentBookingsTable key={groupId} kind="bookings" groupId={groupId} />;
  if (!mayOpen('/agent/bookings/add')) {
    return (
      <div className="page agent-bookings-page" data-testid="agent-group-bookings">
        <PageHeaderBar className="list-page__header" title={t('groupTitle', { id: groupId })} subtitle={t('groupSubtitle')} titleTestId="page-title" />
        {table}
      </div>
    );
  }
  return (
    <ListPageFrame testId="agent-group-bookings" className="agent-bookings-page" title={t('groupTitle', { id: groupId })} subtitle={t('groupSubtitle')} add={{ to: '/agent/bookings/add', label: t('add'), testId: 'agent-bookings-add' }}>
      {table}
    </ListPageFrame>
  );
}
