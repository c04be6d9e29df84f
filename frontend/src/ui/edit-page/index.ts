export { useUnsavedChangesGuard, UnsavedChangesDialog, type UnsavedChangesGuard, type UnsavedChangesOptions } from './unsaved-changes';
export { EditPageFrame, itemReadProps, type EditPageFrameProps, type ItemRead, type ItemReadTexts } from './edit-page-frame';
export { LeaveDialog } from './leave-dialog';
export { editorKeys, ConflictNotice, SaveErrors, type ConflictNoticeProps } from './editor-notices';
export { useLeaveWhen } from './use-leave-when';
export { ChildEditRoute } from './child-edit-route';
