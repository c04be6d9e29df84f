import './pickuptimes.css';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { notify } from '../../app/notifications/notifications';
import { useDocumentTitle } from '../../app/use-document-title';
import { parseRouteId } from '../../lib/route-id';
import { Button } from '../../ui/common/button';
import { ConflictNotice, editorKeys, EditPageFrame, itemReadProps, LeaveDialog, SaveErrors } from '../../ui/edit-page';
import { TextField, ToggleField } from '../../ui/fields';
import { HotelsSection } from './edit/hotels-section';
import { massSet, NAME_MAX_LENGTH, type PickUpTimeForm } from './edit/pickup-time-form';
import { RegionsSection } from './edit/regions-section';
import { NOT_FOUND_REDIRECT, usePickUpTimeEditor } from './edit/use-pickup-time-editor';

/**
 * /pickuptimes/{id} and /pickuptimes/add (spec 02 §2 Pick-up time edit): 'add' in any case (or 0) is a new one; an
 * id that cannot be read is told as not found and goes to /timeslots, like an unknown one (§8).
 */
export function PickUpTimeEditPage() {
  const { id: raw } = useParams();
  const id = parseRouteId(raw);
  if (id === null) return <UnreadableId />;
  return <PickUpTimeEditor key={id} id={id} />;
}

function UnreadableId() {
  const { t } = useTranslation('pickuptimes');
  useEffect(() => notify({ title: t('notFound.title'), message: t('notFound.message'), kind: 'error' }), [t]);
  return <Navigate to={NOT_FOUND_REDIRECT} replace />;
}

function PickUpTimeEditor({ id }: { id: number }) {
  const { t } = useTranslation('pickuptimes');
  const { t: tShell } = useTranslation('shell');
  const editor = usePickUpTimeEditor(id);
  const { form, loaded, save } = editor;
  const { control } = form;
  const name = useWatch({ control, name: 'name' });
  const title = id === 0 && !name ? t('edit.newTitle') : name || t('edit.numberTitle', { id });
  useDocumentTitle(`${tShell('pages.pickupTimeEdit')} · ${title}`);

  // Ctrl+S saves; Enter in an input never does by accident (the form has no submit button).
  const onKeyDown = editorKeys(editor.submit, save.isPending);
  const setTimes = (list: 'regions' | 'hotels') => (indexes: number[], start: string, end: string) =>
    form.setValue(list, massSet(form.getValues(list), indexes, start, end), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const actions = (
    <>
      {form.formState.isDirty && <span className="pickup-edit__dirty">{t('edit.unsaved')}</span>}
      <Button variant="primary" label={save.isPending ? t('edit.saving') : t('edit.save')} busy={save.isPending} onClick={editor.submit} data-testid="pickup-save" />
    </>
  );

  return (
    <EditPageFrame
      testId="pickup-time-edit"
      className="pickup-edit"
      back={{ to: '/pickuptimes', label: t('edit.back'), testId: 'back-to-pickuptimes' }}
      title={title}
      titleExtras={loaded && loaded.id > 0 ? <span className="pickup-edit__id">#{loaded.id}</span> : null}
      actions={actions}
      {...itemReadProps({ ready: !!loaded, failed: editor.loadFailed, error: editor.loadError, retry: editor.retry }, { loading: t('edit.loading'), loadFailed: (message) => t('edit.loadFailed', { message }), retry: t('edit.retry') }, 'pickup')}
      onKeyDown={onKeyDown}
      dialogs={<LeaveDialog ns="pickuptimes" guard={editor.guard} testId="pickup-leave-dialog" confirmTestId="pickup-leave-yes" cancelTestId="pickup-leave-no" />}
    >
      {loaded && (
        <form className="card pickup-edit__card" noValidate onSubmit={(e) => e.preventDefault()} data-testid="pickup-form">
          {editor.conflict && <ConflictNotice className="pickup-edit__conflict" testId="pickup-conflict" message={t('edit.conflict')} reloadLabel={t('edit.reload')} onReload={() => void editor.reload()} reloadTestId="pickup-reload" />}
          <SaveErrors errors={editor.generalErrors} testId="pickup-save-error" />
          <div className="pickup-edit__fields">
            <TextField<PickUpTimeForm, 'name'> control={control} name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} className="pickup-edit__name" />
            <ToggleField<PickUpTimeForm, 'isFixedTime'> control={control} name="isFixedTime" text={t('fields.isFixedTime')} className="pickup-edit__fixed" />
          </div>
          <RegionsSection control={control} rows={loaded.rows.regions} onMassSet={setTimes('regions')} />
          <HotelsSection control={control} rows={loaded.rows.hotels} hadOverrides={loaded.hadOverrides} onMassSet={setTimes('hotels')} />
        </form>
      )}
    </EditPageFrame>
  );
}
