import { Module } from '@nestjs/common';
import { LanguagesController } from './languages/languages.controller';
import { SaveLanguageHandler } from './languages/save-language.handler';

/** Reference data: languages now; cities, regions, hotels, countries, categories and ticket types to come. */
@Module({
  controllers: [LanguagesController],
  providers: [SaveLanguageHandler],
})
export class ReferenceModule {}
