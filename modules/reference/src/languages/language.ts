import type { LanguageAddedData, LanguageEvent } from '@tbo/event-schemas';
import { NotFoundError, ValidationError, type Decider } from '@tbo/kernel';

/** A language as its events state it, plus whether it is deleted. */
type LanguageFields = LanguageAddedData & { isDeleted: boolean };

export interface LanguageState extends LanguageFields {
  exists: boolean;
}

export interface SaveLanguage extends LanguageFields {
  /** True when the client sent id 0 and the handler took a new id. */
  isNew: boolean;
}

const initialState: LanguageState = { exists: false, id: 0, name: '', code: '', isOffers: false, isDeleted: false, imgUrl: null };

/** A language tours are offered in: saved whole, deleted and restored with a flag (spec 01 §3 Language). */
export const languageDecider: Decider<SaveLanguage, LanguageEvent, LanguageState> = {
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'LanguageAdded':
      case 'LanguageChanged':
        return { ...state, ...event.data, exists: true };
      case 'LanguageDeleted':
        return { ...state, isDeleted: true };
      case 'LanguageRestored':
        return { ...state, isDeleted: false };
    }
  },
  decide(cmd, state) {
    const fields = { id: cmd.id, name: cmd.name, code: cmd.code, isOffers: cmd.isOffers, imgUrl: cmd.imgUrl };
    if (!state.exists) {
      if (!cmd.isNew) throw new NotFoundError('Language not found');
      if (cmd.isDeleted) throw new ValidationError('A new language cannot be saved as deleted');
      return [{ type: 'LanguageAdded', data: fields }];
    }
    if (cmd.isNew || state.id !== cmd.id) throw new NotFoundError('Language not found');
    const events: LanguageEvent[] = [];
    if (cmd.isDeleted && !state.isDeleted) events.push({ type: 'LanguageDeleted', data: { id: cmd.id } });
    if (!cmd.isDeleted && state.isDeleted) events.push({ type: 'LanguageRestored', data: { id: cmd.id } });
    const changed = state.name !== cmd.name || state.code !== cmd.code || state.isOffers !== cmd.isOffers || state.imgUrl !== cmd.imgUrl;
    if (changed) events.unshift({ type: 'LanguageChanged', data: fields });
    return events;
  },
};

export const languageStream = (id: number) => `language-${id}`;
