import './timeslots.css';
import type { FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { parseRouteId } from '../../lib/route-id';
import { Button } from '../../ui/common/button';
import { TitledSection } from '../../ui/common/titled-section';
import { ConflictNotice, editorKeys, EditPageFrame, itemReadProps, SaveErrors } from '../../ui/edit-page';
import { useEditDialogs } from './edit-dialogs';
import { GroupFields } from './group/group-fields';
import { DeletedSlots } from './group/deleted-slots';
import { GroupSlotsTable } from './group/group-slots-table';
import { useGroupEditor } from './group/use-group-editor';
import { slotEditPath } from './list/group-rows';

/** /timeslots/{groupId} (spec 02 §2 group edit): 'add' in any case is a new group (id 0); an unreadable id goes to /timeslots. */
export function TimeSlotGroupEditPage() {
  const id = parseRouteId(useParams().groupId);
  if (id === null) return <Navigate to="/timeslots" replace />;
  return <GroupEditor key={id} id={id} />;
}

function GroupEditor({ id }: { id: number }) {
  const { t } = useTranslation('timeslots');
  const navigate = useNavigate();
  const editor = useGroupEditor(id);
  const { form, loaded, save } = editor;
  // The form's own messages sit under their fields; a line above says there are some.
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  const [name, independent] = useWatch({ control: form.control, name: ['name', 'isTimeSlotsIndependant'] });
  const savedName = editor.group.data?.name;
  const title = id === 0 ? t('group.titleNew') : savedName || name || t('group.titleNumber', { id });
  useDocumentTitle(`${t('group.pageTitle')} · ${title}`);

  // Ctrl+S saves; Enter in a one-line input never saves by accident.
  const onKeyDown = editorKeys(editor.submit, save.isPending, { blockEnter: true });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    editor.submit();
  };

  const { askDelete, dialogs } = useEditDialogs({ kind: 'group', name: savedName ?? '', onDelete: () => editor.lifecycle.mutate('delete'), guard: editor.guard });
  const actions = loaded && (
    <>
      {form.formState.isDirty && <span className="edit-page__dirty">{t('common.unsaved')}</span>}
      {loaded.id > 0 &&
        (loaded.isDeleted ? (
          <Button label={t('common.restore')} busy={editor.lifecycle.isPending} onClick={() => editor.lifecycle.mutate('restore')} data-testid="group-restore" />
        ) : (
          <Button variant="danger" label={t('common.delete')} busy={editor.lifecycle.isPending} onClick={askDelete} data-testid="group-delete" />
        ))}
      <Button variant="primary" label={save.isPending ? t('common.saving') : t('common.save')} busy={save.isPending} onClick={editor.submit} data-testid="group-save" />
    </>
  );

  return (
    <EditPageFrame
      testId="group-edit"
      className="timeslots-edit"
      back={{ to: '/timeslots', label: t('group.back'), testId: 'back-to-timeslots' }}
      title={title}
      titleExtras={
        loaded && loaded.id > 0 ? (
          <>
            <span className="edit-page__id">#{loaded.id}</span>
            {loaded.isDeleted && (
              <span className="timeslots-badge" data-testid="group-deleted">
                {t('common.deleted')}
              </span>
            )}
          </>
        ) : null
      }
      actions={actions}
      {...itemReadProps({ ready: !!loaded, failed: editor.loadFailed, error: editor.group.error, retry: () => void editor.group.refetch() }, { loading: t('group.loading'), loadFailed: (message) => t('common.loadFailed', { message }), retry: t('common.retry') }, 'group')}
      onKeyDown={onKeyDown}
      dialogs={dialogs}
    >
      {loaded && (
        <div className="timeslots-cards">
          <form className="card timeslots-card" noValidate onSubmit={onSubmit} data-testid="group-form" aria-label={t('group.formLabel')}>
            {editor.conflict && <ConflictNotice className="timeslots-conflict" testId="group-conflict" message={t('common.conflict')} reloadLabel={t('common.reload')} onReload={() => void editor.reload()} reloadTestId="group-reload" />}
            <SaveErrors errors={editor.generalErrors} fieldsInvalid={hasErrors} fieldsText={t('errors.fixFields')} testId="group-save-error" />
            <GroupFields control={form.control} setValue={form.setValue} />
          </form>
          <TitledSection
            className="card timeslots-card"
            headingId="group-slots"
            title={t('slots.title')}
            titleClassName="timeslots-card__title"
            headClassName="timeslots-card__head"
            data-testid="group-slots"
            actions={
              <Button variant="primary" icon="plus" label={t('slots.add')} disabled={loaded.id === 0} title={loaded.id === 0 ? t('slots.saveFirst') : undefined} onClick={() => navigate(slotEditPath(loaded.id, 'add'))} data-testid="slot-add" />
            }
          >
            {loaded.id === 0 ? (
              <p className="timeslots-muted" data-testid="slot-add-hint">
                {t('slots.saveFirst')}
              </p>
            ) : (
              <>
                <GroupSlotsTable groupId={loaded.id} slots={loaded.timeSlots} independent={independent} />
                <DeletedSlots slots={loaded.deletedSlots} restoring={editor.slotRestore.isPending ? (editor.slotRestore.variables ?? null) : null} onRestore={(slotId) => editor.slotRestore.mutate(slotId)} />
              </>
            )}
          </TitledSection>
        </div>
      )}
    </EditPageFrame>
  );
}
