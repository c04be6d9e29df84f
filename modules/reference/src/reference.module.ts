import { Module } from '@nestjs/common';
import {
  CitiesController,
  CountriesController,
  HotelsController,
  RegionsController,
  TourCategoriesController,
} from './items/reference-data.controller';
import { SaveReferenceItemHandler } from './items/save-reference-item.handler';
import { LanguagesController } from './languages/languages.controller';
import { SaveLanguageHandler } from './languages/save-language.handler';

/**
 * Platform-wide reference data: languages, countries, cities, regions, hotels, tour categories, ticket types (listed
 * with the caller's stock by the documents module's tickets, `GET /api/tickets/types`).
 */
@Module({
  controllers: [LanguagesController, CitiesController, CountriesController, RegionsController, HotelsController, TourCategoriesController],
  providers: [SaveLanguageHandler, SaveReferenceItemHandler],
})
export class ReferenceModule {}
