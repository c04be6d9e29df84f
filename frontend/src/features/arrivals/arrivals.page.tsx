import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../app/use-document-title';
import { notify } from '../../app/notifications/notifications';
import { Button } from '../../ui/common/button';
import { PageHeaderBar } from '../../ui/common/page-header';
import type { DataTableHandle } from '../../ui/data-table';
import { ArrivalsTable } from './arrivals-table';
import { groupIdParam } from './arrivals-query';
import { GroupPanel } from './group-panel';
import { ImportDialog } from './import-dialog';
import { ManualArrivalDialog } from './manual-dialog';
import type { ImportAnswer } from './api/arrivals.api';
import './arrivals.css';

/** /arrivals (spec 02 §2 Arrivals): the guests' arrival lists, their groups and the communication with them; ?groupId= shows one group. */
export function ArrivalsPage() {
  const { t } = useTranslation('arrivals');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const groupId = groupIdParam(params.get('groupId'));
  const [inHouse, setInHouse] = useState(true);
  const [openGroup, setOpenGroup] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'import' | 'manual' | null>(null);
  // A new list may bring new hotels: the table is built again so its hotel filter offers them.
  const [generation, setGeneration] = useState(0);
  const tableRef = useRef<DataTableHandle>(null);
  const qc = useQueryClient();

  const changed = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['arrivals'] });
    tableRef.current?.refresh();
  }, [qc]);
  const imported = (a: ImportAnswer) => {
    setDialog(null);
    setGeneration((g) => g + 1);
    // 'In House' (on by default) hides guests who arrive later: said, so a list of next week's arrivals does not look lost.
    const done = t('import.done', { name: a.listName, added: a.added, changed: a.changed, removed: a.removed });
    notify({ title: t('import.doneTitle'), message: inHouse && a.added + a.changed > 0 ? `${done}. ${t('import.inHouseHint')}` : done, kind: 'success' });
    changed();
  };

  return (
    <div className="page arrivals-page" data-testid="arrivals-page">
      <PageHeaderBar
        className="list-page__header"
        title={t('title')}
        subtitle={groupId ? t('groupSubtitle', { groupId }) : t('subtitle')}
        titleTestId="page-title"
        actions={
          <div className="arrivals-actions">
            {groupId && <Button variant="ghost" label={t('allGroups')} onClick={() => setParams({}, { replace: true })} data-testid="arrivals-all-groups" />}
            <Button label={t('manual.open')} icon="plus" onClick={() => setDialog('manual')} data-testid="arrivals-manual" />
            <Button variant="primary" label={t('import.open')} icon="excel" onClick={() => setDialog('import')} data-testid="arrivals-import" />
          </div>
        }
      />
      <ArrivalsTable
        key={generation}
        tableRef={tableRef}
        inHouse={inHouse}
        groupId={groupId}
        onOpenGroup={setOpenGroup}
        toolbarExtra={
          <label className="arrivals-inhouse">
            <input type="checkbox" checked={inHouse} onChange={(e) => setInHouse(e.target.checked)} data-testid="arrivals-inhouse" /> {t('inHouse')}
          </label>
        }
      />
      {openGroup !== null && <GroupPanel key={openGroup} groupId={openGroup} onClose={() => setOpenGroup(null)} onChanged={() => tableRef.current?.refresh()} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} onImported={imported} />}
      {dialog === 'manual' && (
        <ManualArrivalDialog
          onClose={() => setDialog(null)}
          onSaved={(a) => {
            setDialog(null);
            notify({ title: t('manual.savedTitle'), message: t('manual.saved', { name: a.listName }), kind: 'success' });
            changed();
          }}
        />
      )}
    </div>
  );
}
