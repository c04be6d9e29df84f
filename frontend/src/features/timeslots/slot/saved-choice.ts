/**
 * What a provider's select calls a saved value its list does not have: the provider's product and option ids are
 * codes nobody reads, so the select never shows one; it says the value is the saved one, and why it is not
 * listed (the list is loading, could not be read, or no longer has it). A start time's id is its 'HH:MM', shown
 * as it is. Pure, unit-tested in saved-choice.spec.ts.
 */

export type SavedChoiceKind = 'product' | 'option';

/** The state of the provider's list a saved value is looked up in (TanStack Query's flags). */
export interface ProviderList {
  isFetching: boolean;
  isError: boolean;
}

/** The i18n key (timeslots namespace) of a saved value's label. */
export function savedChoiceKey(kind: SavedChoiceKind, list: ProviderList): string {
  const why = list.isFetching ? 'Loading' : list.isError ? 'Unread' : 'Missing';
  return `slot.savedChoice.${kind}${why}`;
}
