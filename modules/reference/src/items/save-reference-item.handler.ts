import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReferenceKind, ReferenceKinds } from '@tbo/event-schemas';
import { findReferenceByName, findReferenceRow } from '@tbo/read-models';
import { CommandHandlerBase, ValidationError } from '@tbo/kernel';
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

/** The saved item as the lists show it (hotels and regions with their names resolved), its version and position. */
export type SavedReferenceItem = Record<string, unknown> & { id: number; name: string; version: number | null; position: string | null };

@CommandHandler(SaveReferenceItemCommand)
export class SaveReferenceItemHandler extends CommandHandlerBase implements ICommandHandler<SaveReferenceItemCommand, SavedReferenceItem> {
  async execute(command: SaveReferenceItemCommand): Promise<SavedReferenceItem> {
    const { kind, context, options } = command;
    const spec = kinds[kind];
    const input = { ...command.input } as Record<string, unknown> & { id: number; name: string };
    const extra: Record<string, unknown> = {};

    // References are checked against the read tables; reference data changes rarely, so the
    // projection's lag is not worth a stricter check.
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
    if (kind !== 'Country') {
      const same = await findReferenceByName(this.db, spec.table, input.name, sameNameScope);
      if (same && same.id !== input.id) {
        const message = `A ${spec.label} named '${input.name}' already exists`;
        throw new ValidationError(message, { name: [message] });
      }
    }

    const isNew = !input.id && !options.naturalId;
    const id = input.id || (await this.ids.next(spec.idKind));
    const data = { ...input, id } as unknown as ReferenceKinds[typeof kind];
    const outcome = await this.runner.run({
      stream: referenceItemStream(kind, id),
      decider: referenceItemDecider(kind),
      command: { isNew, upsert: options.naturalId, data },
      context,
      expectedRevision: isNew ? undefined : options.version,
    });
    return { ...(outcome.state.data as unknown as { id: number; name: string }), ...extra, version: outcome.revision, position: outcome.position };
  }
}
