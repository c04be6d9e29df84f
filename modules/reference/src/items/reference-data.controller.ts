import { Body, Injectable, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { ReferenceKind } from '@tbo/event-schemas';
import {
  cityOptions,
  countryOptions,
  listCities,
  listHotels,
  listRegions,
  tourCategoryOptions,
  waitForProjection,
  type HotelView,
  type IdName,
  type Option,
  type RegionView,
} from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, PostRoute, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import {
  SaveReferenceItemCommand,
  saveHotelInput,
  saveRegionInput,
  saveTourCategoryInput,
  type ReferenceItemInput,
  type SaveHotelInput,
  type SaveRegionInput,
  type SaveTourCategoryInput,
} from './reference-item.commands';
import type { SavedReferenceItem } from './save-reference-item.handler';

/**
 * Platform-wide reference lists (every supplier shares Dubai's cities, regions and hotels) and
 * the admin's add-or-rename calls. Shared by every controller below.
 */
@Injectable()
abstract class ReferenceController extends CommandQueryController {
  /** `?after=<position>` on any list: wait until the reference projection has passed a save. */
  protected async read<T>(q: AfterQuery, query: (db: Knex) => Promise<T>): Promise<T> {
    if (q.after) await waitForProjection(this.db, this.store, 'reference_data', q.after);
    return query(this.db);
  }

  protected save<K extends ReferenceKind>(kind: K, body: ReferenceItemInput<K> & { version?: number | null }, user: AuthUser, req: Request): Promise<SavedReferenceItem> {
    const { version, ...input } = body;
    return this.commands.execute(new SaveReferenceItemCommand(kind, input as unknown as ReferenceItemInput<K>, commandContextFrom(req, user), { version }));
  }
}

@ApiController('reference', 'api/cities')
export class CitiesController extends ReferenceController {
  @GetRoute('options', 'signed-in', 'Cities as {value, label}, sorted by label')
  options(@Query(zodPipe(afterQuery)) q: AfterQuery): Promise<Option[]> {
    return this.read(q, cityOptions);
  }

  @GetRoute('supplier', 'signed-in', "The supplier's operating cities as {id, name} (platform-wide for now)")
  supplier(@Query(zodPipe(afterQuery)) q: AfterQuery): Promise<IdName[]> {
    return this.read(q, listCities);
  }
}

@ApiController('reference', 'api/countries')
export class CountriesController extends ReferenceController {
  @GetRoute('options', 'signed-in', 'ISO 3166-1 countries as {value (ISO numeric code), label, code (alpha-2)}, sorted by label')
  options(@Query(zodPipe(afterQuery)) q: AfterQuery): Promise<(Option & { code: string })[]> {
    return this.read(q, countryOptions);
  }
}

@ApiController('reference', 'api/regions')
export class RegionsController extends ReferenceController {
  @GetRoute('supplier', 'signed-in', 'Regions with their city, sorted by city then name')
  supplier(@Query(zodPipe(afterQuery)) q: AfterQuery): Promise<RegionView[]> {
    return this.read(q, listRegions);
  }

  @PostRoute('', ['superadmin'], 'Add (id 0), rename, move or (de)activate a region; answers it with version and position')
  saveRegion(@Body(zodPipe(saveRegionInput)) body: SaveRegionInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedReferenceItem> {
    return this.save('Region', body, user, req);
  }
}

@ApiController('reference', 'api/hotels')
export class HotelsController extends ReferenceController {
  @GetRoute('supplier', 'signed-in', 'Hotels with their region and city, sorted by name')
  supplier(@Query(zodPipe(afterQuery)) q: AfterQuery): Promise<HotelView[]> {
    return this.read(q, listHotels);
  }

  @PostRoute('', ['superadmin'], 'Add (id 0), rename or move a hotel; its city is the region’s; answers it with version and position')
  saveHotel(@Body(zodPipe(saveHotelInput)) body: SaveHotelInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedReferenceItem> {
    return this.save('Hotel', body, user, req);
  }
}

@ApiController('reference', 'api/toursCategories')
export class TourCategoriesController extends ReferenceController {
  @GetRoute('options', 'signed-in', 'Tour categories as {value, label}, sorted by label')
  options(@Query(zodPipe(afterQuery)) q: AfterQuery): Promise<Option[]> {
    return this.read(q, tourCategoryOptions);
  }

  @PostRoute('', ['superadmin'], 'Add (id 0) or rename a tour category; answers it with version and position')
  saveCategory(@Body(zodPipe(saveTourCategoryInput)) body: SaveTourCategoryInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedReferenceItem> {
    return this.save('TourCategory', body, user, req);
  }
}
