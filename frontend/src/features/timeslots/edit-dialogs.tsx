import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { LeaveDialog, type UnsavedChangesGuard } from '../../ui/edit-page';

export interface EditDialogsOptions {
  /** Whose texts and test ids: the group editor's or the slot editor's. */
  kind: 'group' | 'slot';
  /** The saved name the question names. */
  name: string;
  /** Deletes once the user said yes. */
  onDelete: () => void;
  guard: UnsavedChangesGuard;
}

/**
 * The group and slot editors' dialogs: 'delete it?' once `askDelete` is called (yes deletes, both answers close
 * it), and 'leave without saving?'.
 */
export function useEditDialogs({ kind, name, onDelete, guard }: EditDialogsOptions) {
  const { t } = useTranslation('timeslots');
  const [asking, setAsking] = useState(false);
  const dialogs = (
    <>
      {asking && (
        <ConfirmDialog
          title={t(`${kind}.confirmDelete.title`)}
          message={t(`${kind}.confirmDelete.message`, { name })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          onConfirm={() => {
            setAsking(false);
            onDelete();
          }}
          onCancel={() => setAsking(false)}
          testId={`${kind}-confirm`}
          confirmTestId={`${kind}-confirm-yes`}
          cancelTestId={`${kind}-confirm-no`}
        />
      )}
      <LeaveDialog ns="timeslots" guard={guard} testId={`${kind}-leave-dialog`} confirmTestId={`${kind}-leave`} cancelTestId={`${kind}-stay`} cancelVariant="primary" />
    </>
  );
  return { askDelete: () => setAsking(true), dialogs };
}
