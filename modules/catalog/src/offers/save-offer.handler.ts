import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandHandlerBase, EntityStream, versioned } from '@tbo/kernel';
import { pricingSettingsOf, sanitizeRichText } from '@tbo/supplier';
import { CatalogReferenceChecks, refuseMissing, withHeroInPhotos } from '../references/reference-checks';
import { emptyTourState, tourDecider, tourNotFound, tourStream } from '../tours/tour';
import { emptyOfferState, offerDecider, offerFrom, offerProblems, offerStream, type Offer, type ValidPeriod } from './offer';
import { DeleteOfferCommand, SaveOfferCommand, SaveValidPeriodCommand } from './offer.commands';

export interface SavedOffer extends Offer {
  version: number | null;
  position: string | null;
}

export interface SavedValidPeriod extends ValidPeriod {
  version: number | null;
  position: string | null;
}

const offers = new EntityStream(offerStream, offerDecider, emptyOfferState);
const tours = new EntityStream(tourStream, tourDecider, emptyTourState);

@CommandHandler(SaveOfferCommand)
export class SaveOfferHandler extends CommandHandlerBase implements ICommandHandler<SaveOfferCommand, SavedOffer> {
  constructor(private readonly references: CatalogReferenceChecks) {
    super();
  }

  async execute({ supplierId, id: given, offer, context, version }: SaveOfferCommand): Promise<SavedOffer> {
    // The offer's tour must be one of the caller's supplier's tours: decided on the tour's stream, never on the
    // tours read table, which may not show a tour created a moment ago yet.
    const tour = offer.tourId ? await tours.load(this.store, offer.tourId) : null;
    if (!tour?.exists || tour.supplierId !== supplierId) throw tourNotFound();
    const clean = withHeroInPhotos({ ...offer, description: sanitizeRichText(offer.description), notesToClientsPostBooking: sanitizeRichText(offer.notesToClientsPostBooking) });
    // Origin cities and photos must exist (read models); reported with the decider's own rules, all at once.
    refuseMissing(await this.references.offerProblems(supplierId, clean), () => offerProblems(clean));
    const outcome = await this.saveEntity(offers, 'offer', { given, version, context, command: (id, isNew) => ({ type: 'SaveOffer', id, supplierId, isNew, offer: clean }) });
    return versioned(offerFrom(outcome.state), outcome);
  }
}

@CommandHandler(DeleteOfferCommand)
export class DeleteOfferHandler extends CommandHandlerBase implements ICommandHandler<DeleteOfferCommand, SavedOffer> {
  async execute({ supplierId, id, restore, context }: DeleteOfferCommand): Promise<SavedOffer> {
    const outcome = await offers.run(this.runner, id, { type: restore ? 'RestoreOffer' : 'DeleteOffer', id, supplierId }, context);
    return versioned(offerFrom(outcome.state), outcome);
  }
}

@CommandHandler(SaveValidPeriodCommand)
export class SaveValidPeriodHandler extends CommandHandlerBase implements ICommandHandler<SaveValidPeriodCommand, SavedValidPeriod> {
  async execute({ supplierId, period, context, version }: SaveValidPeriodCommand): Promise<SavedValidPeriod> {
    const settings = await pricingSettingsOf(this.store, supplierId);
    const isNew = !period.id;
    const id = period.id || (await this.ids.next('validperiod'));
    // A changed period is decided on the offer the editor loaded (a stale version answers 409, nothing is
    // retried); a new one on the offer as it is now, so that periods added at the same time all land.
    const expected = isNew ? undefined : version;
    const outcome = await offers.run(this.runner, period.offerId, { type: 'SaveValidPeriod', id: period.offerId, supplierId, isNew, period: { ...period, id }, settings }, context, expected);
    const saved = outcome.state.validPeriods.find((p) => p.id === id) as ValidPeriod;
    return versioned(saved, outcome);
  }
}
