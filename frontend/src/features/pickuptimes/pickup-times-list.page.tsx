import './pickuptimes.css';
import { useTranslation } from 'react-i18next';
import { ListPageFrame } from '../../ui/list-page';
import { PickUpTimesTable } from './list/pickup-times-table';

/** /pickuptimes (spec 02 §2 Pick-up times list): the supplier's pick-up times and the plus action to /pickuptimes/add. */
export function PickUpTimesListPage() {
  const { t } = useTranslation('pickuptimes');
  return (
    <ListPageFrame testId="pickup-times-list" className="pickup-list-page" title={t('list.title')} subtitle={t('list.subtitle')} add={{ to: '/pickuptimes/add', label: t('list.add'), testId: 'pickup-add' }}>
      <PickUpTimesTable />
    </ListPageFrame>
  );
}
