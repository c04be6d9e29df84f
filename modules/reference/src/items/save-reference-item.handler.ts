import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordedAs, type ReferenceItemEvent, type ReferenceKind, type ReferenceKinds } from '@tbo/event-schemas';
import { findReferenceByName, findReferenceRow } from '@tbo/read-models';
import { CommandHandlerBase, fold, sameScopedName, UniqueNames, ValidationError, type ScopedName } from '@tbo/kernel';
import { referenceItemDecider, referenceItemStream } from './reference-item';
import { SaveReferenceItemCommand } from './reference-item.commands';

type Table = 'countries' | 'cities' | 'regions' | 'hotels' | 'tour_categories' | 'ticket_types';

const kinds: Record<ReferenceKind, { table: Table; idKind: string; label: string; field: string }> = {
  Country: { table: 'countries', idKind: 'country', label: 'country', field: 'name' },
  City: { table: 'cities', idKind: 'city', label: 'city', field: 'name' },
  Region: { table: 'regions', idKind: 'region', label: 'region', field: 'name' },
  Hotel: { table: 'hotels', idKind: 'hotel', label: 'hotel', field: 'name' },
  TourCategory: { table: 'tour_categories', idKind: 'tour_category', label: 'tour category', field: 'name' },
  TicketType: { table: 'ticket_types', idKind: 'ticket_type', label: 'ticket type', field: 'name' },
};

/**
 * The scope an item's name is unique in (the read-table check's `sameNameScope`, as a reservation stream's scope):
 * cities within their country, regions within their city, the rest everywhere. Countries are named by ISO code, and
 * their names are not checked.
 */
function scopedNameOf(kind: ReferenceKind, data: Record<string, unknown>): ScopedName | null {
  const name = String(data.name);
  switch (kind) {
    case 'Country':
      return null;
    case 'City':
      return { scope: `city-in-country-${Number(data.countryId)}`, name };
    case 'Region':
      return { scope: `region-in-city-${Number(data.cityId)}`, name };
    case 'Hotel':
      return { scope: 'hotel', name };
    case 'TourCategory':
      return { scope: 'tour-category', name };
    case 'TicketType':
      return { scope: 'ticket-type', name };
  }
}

/** The saved item as the lists show it (hotels and regions with their names resolved), its version and position. */
export type SavedReferenceItem = Record<string, unknown> & { id: number; name: string; version: number | null; position: string | null };

@CommandHandler(SaveReferenceItemCommand)
export class SaveReferenceItemHandler extends CommandHandlerBase implements ICommandHandler<SaveReferenceItemCommand, SavedReferenceItem> {
  @Inject(UniqueNames) private readonly names!: UniqueNames;

  async execute(command: SaveReferenceItemCommand): Promise<SavedReferenceItem> {
    const { kind, context, options } = command;
    const spec = kinds[kind];
    const input = { ...command.input } as Record<string, unknown> & { id: number; name: string };
    const extra: Record<string, unknown> = {};

    // References are checked against the read tables (a parent just added may lag; reference data changes rarely).
    // Names are also checked there, for a clear refusal of names taken long ago, but decided on their reservation
    // streams below: two people adding the same hotel at once cannot both succeed.
    let sameNameScope: Record<string, unknown> = {};
    if (kind === 'City') {
      if (!(await findReferenceRow(this.db, 'countries', input.countryId as number))) throw new ValidationError('Country not found', { countryId: ['Country not found'] });
      sameNameScope = { country_id: input.countryId };
    }
    if (kind === 'Region') {
      const city = await findReferenceRow(this.db, 'cities', input.cityId as number);
      if (!city) throw new ValidationError('City not found', { cityId: ['City not found'] });
      extra.cityName = city.name;
      sameNameScope = { city_id: input.cityId };
    }
    if (kind === 'Hotel') {
      const region = await findReferenceRow(this.db, 'regions', input.regionId as number);
      if (!region) throw new ValidationError('Region not found', { regionId: ['Region not found'] });
      const city = await findReferenceRow(this.db, 'cities', region.city_id as number);
      input.cityId = region.city_id;
      Object.assign(extra, { regionName: region.name, cityName: city?.name ?? '' });
    }
    const nameTaken = () => {
      const message = `A ${spec.label} named '${input.name}' already exists`;
      return new ValidationError(message, { name: [message] });
    };
    if (kind !== 'Country') {
      const same = await findReferenceByName(this.db, spec.table, input.name, sameNameScope);
      if (same && same.id !== input.id) throw nameTaken();
    }

    const isNew = !input.id && !options.naturalId;
    const id = input.id || (await this.ids.next(spec.idKind));
    const data = { ...input, id } as unknown as ReferenceKinds[typeof kind];
    const write = () =>
      this.runner.run({
        stream: referenceItemStream(kind, id),
        decider: referenceItemDecider(kind),
        command: { isNew, upsert: options.naturalId, data },
        context,
        expectedRevision: isNew ? undefined : options.version,
      });
    const name = scopedNameOf(kind, data as unknown as Record<string, unknown>);
    const previous = isNew || !name ? null : await this.nameOf(kind, id);
    // An id that names no item gets the decider's 404 with nothing reserved.
    const outcome =
      name && (isNew || previous)
        ? await this.names.save({
            holder: id,
            name,
            previous,
            bears: async (holder, held) => {
              const now = await this.nameOf(kind, holder);
              return now !== null && sameScopedName(now, held);
            },
            taken: nameTaken,
            context,
            write,
          })
        : await write();
    return { ...(outcome.state.data as unknown as { id: number; name: string }), ...extra, version: outcome.revision, position: outcome.position };
  }

  /** The name an item bears now, from its own stream (null: no such item). */
  private async nameOf(kind: ReferenceKind, id: number): Promise<ScopedName | null> {
    const state = fold(referenceItemDecider(kind), recordedAs<ReferenceItemEvent<ReferenceKind>>(await this.store.readStream(referenceItemStream(kind, id))));
    return state.data ? scopedNameOf(kind, state.data as unknown as Record<string, unknown>) : null;
  }
}
