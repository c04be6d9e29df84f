import { useTranslation } from 'react-i18next';
import type { ConfirmDialogProps } from '../common/confirm-dialog';
import { UnsavedChangesDialog, type UnsavedChangesGuard } from './unsaved-changes';

type LeaveDialogProps = { guard: UnsavedChangesGuard; ns: string } & Pick<ConfirmDialogProps, 'testId' | 'confirmTestId' | 'cancelTestId' | 'cancelVariant'>;

/** The edit pages' 'leave without saving?' question, worded by the page's namespace (its leave.* texts). */
export function LeaveDialog({ ns, guard, ...ids }: LeaveDialogProps) {
  const { t } = useTranslation(ns);
  return <UnsavedChangesDialog guard={guard} title={t('leave.title')} message={t('leave.message')} confirmLabel={t('leave.leave')} cancelLabel={t('leave.stay')} {...ids} />;
}
