import { NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { LanguageEvent } from '@tbo/event-schemas';
import { languageDecider, type SaveLanguage } from './language';

const english = { id: 1, name: 'English', code: 'en', isOffers: true, imgUrl: '/flags/gb.svg' };
const added: LanguageEvent = { type: 'LanguageAdded', data: english };
const save = (over: Partial<SaveLanguage> = {}): SaveLanguage => ({ isNew: false, isDeleted: false, ...english, ...over });

describe('language decider', () => {
  it('adds a new language', () => {
    given(languageDecider).when(save({ isNew: true })).then([added]);
  });

  it('refuses a change to a language that does not exist', () => {
    given(languageDecider).when(save({ id: 99 })).thenThrows(NotFoundError);
  });

  it('refuses a new language saved as deleted', () => {
    given(languageDecider).when(save({ isNew: true, isDeleted: true })).thenThrows(ValidationError);
  });

  it('states the whole language again when a field changes', () => {
    given(languageDecider, [added])
      .when(save({ name: 'English (UK)' }))
      .then([{ type: 'LanguageChanged', data: { ...english, name: 'English (UK)' } }]);
  });

  it('answers no events when nothing changed', () => {
    given(languageDecider, [added]).when(save()).then([]);
  });

  it('deletes and restores with the flag, together with a change', () => {
    given(languageDecider, [added]).when(save({ isDeleted: true })).then([{ type: 'LanguageDeleted', data: { id: 1 } }]);
    given(languageDecider, [added, { type: 'LanguageDeleted', data: { id: 1 } }])
      .when(save({ isDeleted: false, isOffers: false }))
      .then([
        { type: 'LanguageChanged', data: { ...english, isOffers: false } },
        { type: 'LanguageRestored', data: { id: 1 } },
      ]);
  });

  it('refuses a new id that is already taken by an existing stream', () => {
    given(languageDecider, [added]).when(save({ isNew: true })).thenThrows(NotFoundError);
  });
});
