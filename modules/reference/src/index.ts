export { ReferenceModule } from './reference.module';
export { SaveLanguageCommand, saveLanguageInput, type SaveLanguageInput } from './languages/language.commands';
export { languageDecider, languageStream } from './languages/language';
export type { SavedLanguage } from './languages/save-language.handler';
export { SaveReferenceItemCommand, type ReferenceItemInput } from './items/reference-item.commands';
export { referenceItemDecider, referenceItemStream } from './items/reference-item';
export type { SavedReferenceItem } from './items/save-reference-item.handler';
export { ISO_COUNTRIES } from './items/countries';
