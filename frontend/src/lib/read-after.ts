/**
 * Read your writes: the position of this tab's last change is kept in session storage (so even after F5) and sent
 * as ?after=, and the API waits for its projection to pass it before it answers a read. Storage may be unavailable
 * (private modes): then reads just do not wait.
 */

/** Remembers the position of a change under each key (an item's and its list's): later reads of them wait for it. */
export function rememberPosition(position: string | null | undefined, ...keys: readonly string[]): void {
  if (!position) return;
  try {
    for (const key of keys) sessionStorage.setItem(key, position);
  } catch {
    /* storage unavailable: reads just do not wait */
  }
}

/** The position kept under `key`, null when this tab changed nothing (for reads with their own query). */
export function storedPosition(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** `?after=…` for a read that waits for the position kept under `key` ('' when this tab changed nothing). */
export function afterQuery(key: string): string {
  const position = storedPosition(key);
  return position ? `?after=${encodeURIComponent(position)}` : '';
}

/**
 * The least version the next read of each item must show (what a save answered), for this page's life: a read
 * that shows less is asked again, briefly.
 */
export function versionFloors(): { expect: (id: number, version: number | null | undefined) => void; expected: (id: number) => number | undefined } {
  const floors = new Map<number, number>();
  return {
    expect: (id, version) => {
      if (typeof version === 'number') floors.set(id, Math.max(version, floors.get(id) ?? -1));
    },
    expected: (id) => floors.get(id),
  };
}

/** What a change of an item answers: its id, its new version and the position of its last event. */
export interface WriteAnswer {
  id: number;
  version: number | null;
  position: string | null;
}

/**
 * The 'remember what a change wrote' step of a kind of item: the item's position (its reads and its list's wait for
 * it) and its version (the least one its next read must show). Answers the change's answer, for chaining.
 */
export function rememberWrites(rememberItemPosition: (id: number, position: string | null) => void, expectVersion: (id: number, version: number | null) => void) {
  return <A extends WriteAnswer>(saved: A): A => {
    rememberItemPosition(saved.id, saved.position);
    expectVersion(saved.id, saved.version);
    return saved;
  };
}
