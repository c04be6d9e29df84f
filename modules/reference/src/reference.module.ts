import { Module } from '@nestjs/common';
import {
  CitiesController,
  CountriesController,
  HotelsController,
  RegionsController,
  TicketTypesController,
  TourCategoriesController,
} from './items/reference-data.controller';
import { SaveReferenceItemHandler } from './items/save-reference-item.handler';
import { LanguagesController } from './languages/languages.controller';
import { SaveLanguageHandler } from './languages/save-language.handler';

/** Platform-wide reference data: languages, countries, cities, regions, hotels, tour categories, ticket types. */
@Module({
  controllers: [LanguagesController, CitiesController, CountriesController, RegionsController, HotelsController, TourCategoriesController, TicketTypesController],
  providers: [SaveLanguageHandler, SaveReferenceItemHandler],
})
export class ReferenceModule {}
