export { useUnsavedChangesGuard, UnsavedChangesDialog, type UnsavedChangesGuard, type UnsavedChangesOptions } from './unsaved-changes';
export { EditPageFrame, type EditPageFrameProps } from './edit-page-frame';
export { LeaveDialog } from './leave-dialog';
