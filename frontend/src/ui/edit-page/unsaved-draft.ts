/**
 * An editor's unsaved values kept across a session that ended under it (the token expired, a 401): written to
 * session storage when the session ends while the form is dirty, keyed by the user's email and the page's path,
 * and taken back (read and removed) when the same user opens the same page again in this tab. See
 * useUnsavedChangesGuard's `draft` option. Pure apart from the storage it is handed, so the unit specs use a map.
 */

/** The part of the Storage interface the drafts use (session storage in the browser). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const DRAFT_PREFIX = 'tbo:draft:';
/** An older draft is not offered any more: what the user typed then is unlikely to be what they want now. */
export const DRAFT_MAX_AGE_MS = 12 * 3600 * 1000;

interface StoredDraft {
  savedAt: number;
  values: unknown;
}

/** '/tours/5/' and '/tours/5' are one page. */
function normalPath(path: string): string {
  const p = path.split(/[?#]/)[0] ?? '';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export function draftKey(email: string, path: string): string {
  return `${DRAFT_PREFIX}${email.trim().toLowerCase()}|${normalPath(path)}`;
}

const DATE_TAG = '$date';

/** JSON, with Date values kept as dates (a date picker's value comes back a Date, not a string). */
export function encodeDraft(values: unknown, savedAt: number): string {
  const stored: StoredDraft = { savedAt, values };
  return JSON.stringify(stored, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { [DATE_TAG]: Number.isNaN(raw.getTime()) ? null : raw.toISOString() };
    return value;
  });
}

/** The values of a stored draft; undefined when there is none, it cannot be read or it is too old. */
export function decodeDraft(text: string | null, nowMs: number, maxAgeMs: number = DRAFT_MAX_AGE_MS): unknown {
  if (!text) return undefined;
  try {
    const stored = JSON.parse(text, (_key, value: unknown) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const keys = Object.keys(value);
        const tagged = (value as Record<string, unknown>)[DATE_TAG];
        if (keys.length === 1 && keys[0] === DATE_TAG && (tagged === null || typeof tagged === 'string')) return new Date(tagged ?? Number.NaN);
      }
      return value;
    }) as Partial<StoredDraft> | null;
    if (!stored || typeof stored !== 'object' || typeof stored.savedAt !== 'number' || stored.values === undefined) return undefined;
    if (nowMs - stored.savedAt > maxAgeMs || stored.savedAt - nowMs > maxAgeMs) return undefined;
    return stored.values;
  } catch {
    return undefined;
  }
}

/** Keeps the values (a full or unavailable storage keeps nothing: the draft is a courtesy, never an error). */
export function writeDraft(storage: DraftStorage | null, email: string, path: string, values: unknown, nowMs: number = Date.now()): void {
  try {
    storage?.setItem(draftKey(email, path), encodeDraft(values, nowMs));
  } catch {
    /* quota or no storage: nothing kept */
  }
}

/** The draft of this user and page, removed from the storage as it is taken (a save or a discard then has nothing to clear). */
export function takeDraft(storage: DraftStorage | null, email: string, path: string, nowMs: number = Date.now()): unknown {
  if (!storage) return undefined;
  try {
    const key = draftKey(email, path);
    const text = storage.getItem(key);
    if (text === null) return undefined;
    storage.removeItem(key);
    return decodeDraft(text, nowMs);
  } catch {
    return undefined;
  }
}

/** Removes every draft but those of `email` (none kept for null): one user's typing is not left for the next. */
export function forgetDraftsExcept(storage: DraftStorage | null, email: string | null): void {
  if (!storage) return;
  try {
    const mine = email === null ? null : `${DRAFT_PREFIX}${email.trim().toLowerCase()}|`;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(DRAFT_PREFIX) && (mine === null || !key.startsWith(mine))) keys.push(key);
    }
    keys.forEach((k) => storage.removeItem(k));
  } catch {
    /* storage unavailable */
  }
}

/** The drafts draw on this tab's session storage (null where it is unavailable). */
export function draftStorage(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * What a restored draft puts in the form: the draft's values over the form's current ones, so a field the draft
 * lacks (JSON has no `undefined`) keeps what the page loaded.
 */
export function mergeDraft<T>(current: T, draft: unknown): T {
  if (!draft || typeof draft !== 'object' || Array.isArray(draft) || !current || typeof current !== 'object') return current;
  return { ...current, ...(draft as Partial<T>) };
}
