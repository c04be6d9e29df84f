import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { LeaveDialog, type UnsavedChangesGuard } from '../../ui/edit-page';

export interface EditDialogsProps {
  /** Whose texts and test ids: the group editor's or the slot editor's. */
  kind: 'group' | 'slot';
  /** The 'delete?' question is open. */
  asking: boolean;
  /** The saved name the question names. */
  name: string;
  onDelete: () => void;
  onCancel: () => void;
  guard: UnsavedChangesGuard;
}

/** The group and slot editors' dialogs: 'delete it?' while asked, and 'leave without saving?'. */
export function EditDialogs({ kind, asking, name, onDelete, onCancel, guard }: EditDialogsProps) {
  const { t } = useTranslation('timeslots');
  return (
    <>
      {asking && (
        <ConfirmDialog
          title={t(`${kind}.confirmDelete.title`)}
          message={t(`${kind}.confirmDelete.message`, { name })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          onConfirm={onDelete}
          onCancel={onCancel}
          testId={`${kind}-confirm`}
          confirmTestId={`${kind}-confirm-yes`}
          cancelTestId={`${kind}-confirm-no`}
        />
      )}
      <LeaveDialog ns="timeslots" guard={guard} testId={`${kind}-leave-dialog`} confirmTestId={`${kind}-leave`} cancelTestId={`${kind}-stay`} cancelVariant="primary" />
    </>
  );
}
