import { useSyncExternalStore } from 'react';

/** Spec 01 §4 numbers the kinds 0 information, 1 warning, 2 error, 3 success; the client names them. */
export type NotificationKind = 'information' | 'warning' | 'error' | 'success';

export interface AppNotification {
  guid: string;
  title: string;
  message: string;
  kind: NotificationKind;
  /** A support reference the message holds (a server failure's): shown short, with a button that copies it whole. */
  reference?: string;
}

/** Information, warning and success notes go away by themselves after this long; errors stay until closed. */
export const AUTO_DISMISS_MS = 6000;

let notifications: readonly AppNotification[] = [];
const listeners = new Set<() => void>();

function set(next: readonly AppNotification[]): void {
  notifications = next;
  listeners.forEach((l) => l());
}

function newGuid(): string {
  // crypto.randomUUID exists only in secure contexts (https, localhost); a plain-http deployment still needs ids.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** Adds a notification unless one with the same title already shows. */
export function notify(n: { title: string; message: string; kind: NotificationKind; reference?: string }): void {
  if (notifications.some((x) => x.title === n.title)) return;
  const guid = newGuid();
  set([...notifications, { guid, title: n.title, message: n.message, kind: n.kind, ...(n.reference ? { reference: n.reference } : {}) }]);
  if (n.kind !== 'error') setTimeout(() => removeNotification(guid), AUTO_DISMISS_MS);
}

export function removeNotification(guid: string): void {
  if (notifications.some((x) => x.guid === guid)) set(notifications.filter((x) => x.guid !== guid));
}

/** Removes every notification: one user's notes must not show to the next (see app.tsx). */
export function clearNotifications(): void {
  if (notifications.length) set([]);
}

export function getNotifications(): readonly AppNotification[] {
  return notifications;
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
}
