export { ReferenceModule } from './reference.module';
export { SaveLanguageCommand, saveLanguageInput, type SaveLanguageInput } from './languages/language.commands';
export { languageDecider, languageStream } from './languages/language';
export type { SavedLanguage } from './languages/save-language.handler';
