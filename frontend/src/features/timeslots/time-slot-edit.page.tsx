import './timeslots.css';
import type { FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { ChildEditRoute, ConflictNotice, editorKeys, EditPageFrame, itemReadProps, SaveErrors } from '../../ui/edit-page';
import { useEditDialogs } from './edit-dialogs';
import { ExternalFields } from './slot/external-fields';
import { SlotFields } from './slot/slot-fields';
import { SlotOffers } from './slot/slot-offers';
import { useSlotEditor } from './slot/use-slot-editor';

/**
 * /timeslots/{groupId}/{timeSlotId} (spec 02 §2 time slot edit): 'add' (any case) is a new slot of the group. A
 * group id that cannot be read (or 'add': a slot needs a saved group) goes to /timeslots, a slot id that cannot be
 * read to the group (spec 02 §8).
 */
export function TimeSlotEditPage() {
  return (
    <ChildEditRoute parentParam="groupId" childParam="timeSlotId" listPath="/timeslots">
      {(groupId, slotId) => <SlotEditor key={`${groupId}/${slotId}`} groupId={groupId} slotId={slotId} />}
    </ChildEditRoute>
  );
}

function SlotEditor({ groupId, slotId }: { groupId: number; slotId: number }) {
  const { t } = useTranslation('timeslots');
  const editor = useSlotEditor(groupId, slotId);
  const { form, group, base, save } = editor;
  // The form's own messages sit under their fields; a line above says there are some.
  const hasErrors = Object.keys(form.formState.errors).length > 0;
  const timeType = useWatch({ control: form.control, name: 'timeType' });
  const groupName = group.data?.name ?? '';
  const title = slotId === 0 ? t('slot.titleNew') : base?.name || t('slot.titleNumber', { id: slotId });
  useDocumentTitle(`${title}${groupName ? ` · ${groupName}` : ''}`);

  // Ctrl+S saves (before the group is here it says so: spec 02 §8); Enter in a one-line input never saves.
  const onKeyDown = editorKeys(editor.submit, save.isPending, { blockEnter: true });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    editor.submit();
  };

  const { askDelete, dialogs } = useEditDialogs({ kind: 'slot', name: base?.name ?? '', onDelete: () => editor.remove.mutate(), guard: editor.guard });
  const actions = (
    <>
      {form.formState.isDirty && <span className="edit-page__dirty">{t('common.unsaved')}</span>}
      {slotId > 0 && <Button variant="danger" label={t('common.delete')} busy={editor.remove.isPending} onClick={askDelete} data-testid="slot-delete" />}
      <Button variant="primary" label={save.isPending ? t('common.saving') : t('common.save')} busy={save.isPending} onClick={editor.submit} data-testid="slot-save" />
    </>
  );

  return (
    <EditPageFrame
      testId="slot-edit"
      className="timeslots-edit"
      back={{ to: `/timeslots/${groupId}`, label: t('slot.back'), testId: 'back-to-group' }}
      title={title}
      titleExtras={
        <>
          {slotId > 0 && <span className="edit-page__id">#{slotId}</span>}
          {groupName && (
            <p className="page-subtitle" data-testid="slot-group-name">
              {t('slot.ofGroup', { name: groupName })}
            </p>
          )}
        </>
      }
      actions={actions}
      {...itemReadProps({ ready: editor.ready, failed: editor.loadFailed, error: group.error, retry: () => void group.refetch() }, { loading: t('slot.loading'), loadFailed: (message) => t('common.loadFailed', { message }), retry: t('common.retry') }, 'slot')}
      onKeyDown={onKeyDown}
      dialogs={dialogs}
    >
      <form className="card timeslots-card timeslots-sections" noValidate onSubmit={onSubmit} data-testid="slot-form" aria-label={t('slot.formLabel')}>
        {editor.conflict && <ConflictNotice className="timeslots-conflict" testId="slot-conflict" message={t('common.conflict')} reloadLabel={t('common.reload')} onReload={() => void editor.reload()} reloadTestId="slot-reload" />}
        <SaveErrors errors={editor.generalErrors} fieldsInvalid={hasErrors} fieldsText={t('errors.fixFields')} testId="slot-save-error" />
        <SlotFields control={form.control} setValue={form.setValue} independent={editor.rules.isTimeSlotsIndependant} groupPickUpTimeId={group.data?.pickUpTimeId ?? null} />
        {timeType === 0 && <ExternalFields form={form} />}
        {base && base.offers.length > 0 && <SlotOffers offers={base.offers} />}
      </form>
    </EditPageFrame>
  );
}
