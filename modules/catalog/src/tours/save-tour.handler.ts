import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandHandlerBase, EntityStream, versioned } from '@tbo/kernel';
import { sanitizeRichText } from '@tbo/supplier';
import { CatalogReferenceChecks, refuseMissing, withHeroInPhotos } from '../references/reference-checks';
import { emptyTourState, slugify, tourDecider, tourFrom, tourProblems, tourStream, type Tour, type TourFields } from './tour';
import { DeleteTourCommand, SaveTourCommand } from './tour.commands';

export interface SavedTour extends Tour {
  version: number | null;
  position: string | null;
}

const tours = new EntityStream(tourStream, tourDecider, emptyTourState);
const clean = (html: string) => sanitizeRichText(html);
const guid = (g: string) => g || randomUUID();

/**
 * Rich text is cleaned here, on the server, whatever the client did, and rows without a guid get
 * one (the decider stays pure): stored events hold only the safe subset.
 */
export function prepareTour(t: TourFields): TourFields {
  return {
    ...t,
    shortDescription: clean(t.shortDescription),
    salesDescription: clean(t.salesDescription),
    notesToAgents: clean(t.notesToAgents),
    termsAndConditions: clean(t.termsAndConditions),
    faq: clean(t.faq),
    faqs: t.faqs.map((f) => ({ ...f, answer: clean(f.answer) })),
    notesToClientsPostBooking: clean(t.notesToClientsPostBooking),
    directions: t.directions.map((d) => ({ ...d, description: clean(d.description) })),
    tourItinerary: clean(t.tourItinerary),
    externalLinks: t.externalLinks.map((l) => ({ ...l, guid: guid(l.guid) })),
    itineraries: t.itineraries.map((it) => ({
      ...it,
      guid: guid(it.guid),
      stops: it.stops.map((s) => ({ ...s, guid: guid(s.guid), description: clean(s.description) })),
    })),
    seo: clean(t.seo),
  };
}

@CommandHandler(SaveTourCommand)
export class SaveTourHandler extends CommandHandlerBase implements ICommandHandler<SaveTourCommand, SavedTour> {
  constructor(private readonly references: CatalogReferenceChecks) {
    super();
  }

  async execute({ supplierId, id: given, tour, context, version }: SaveTourCommand): Promise<SavedTour> {
    const prepared = withHeroInPhotos(prepareTour(tour));
    // What the tour refers to must exist (read models); reported with the decider's own rules, all at once.
    refuseMissing(
      await this.references.tourProblems(supplierId, prepared),
      () => tourProblems({ ...prepared, url: prepared.url.trim() || slugify(prepared.nameDisplay) }),
      (problems) => problems.externalLinks?.[0],
    );
    const defaultsAvailable = await this.references.defaultsAvailable(supplierId);
    const outcome = await this.saveEntity(tours, 'tour', { given, version, context, command: (id, isNew) => ({ type: 'SaveTour', id, supplierId, isNew, tour: prepared, defaultsAvailable }) });
    return versioned(tourFrom(outcome.state), outcome);
  }
}

@CommandHandler(DeleteTourCommand)
export class DeleteTourHandler extends CommandHandlerBase implements ICommandHandler<DeleteTourCommand, SavedTour> {
  async execute({ supplierId, id, restore, context }: DeleteTourCommand): Promise<SavedTour> {
    const outcome = await tours.run(this.runner, id, { type: restore ? 'RestoreTour' : 'DeleteTour', id, supplierId }, context);
    return versioned(tourFrom(outcome.state), outcome);
  }
}
