export { useUnsavedChangesGuard, UnsavedChangesDialog, type UnsavedChangesGuard, type UnsavedChangesOptions } from './unsaved-changes';
export { EditPageFrame, type EditPageFrameProps } from './edit-page-frame';
export { LeaveDialog } from './leave-dialog';
export { editorKeys, ConflictNotice, SaveErrors, type ConflictNoticeProps } from './editor-notices';
