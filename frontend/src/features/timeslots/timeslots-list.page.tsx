import './timeslots.css';
import { useTranslation } from 'react-i18next';
import { ListPageFrame } from '../../ui/list-page';
import { GroupsTable } from './list/groups-table';

/** /timeslots (spec 02 §2 Time slots list): the supplier's time slot groups, an add button to /timeslots/add. */
export function TimeSlotsListPage() {
  const { t } = useTranslation('timeslots');
  return (
    <ListPageFrame testId="timeslots-list" className="timeslots-list-page" title={t('list.title')} subtitle={t('list.subtitle')} add={{ to: '/timeslots/add', label: t('list.add'), testId: 'group-add' }}>
      <GroupsTable />
    </ListPageFrame>
  );
}
