import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandHandlerBase, EntityStream, versioned } from '@tbo/kernel';
import { pricingSettingsOf, sanitizeRichText } from '@tbo/supplier';
import { CatalogReferenceChecks, refuseMissing, withHeroInPhotos } from '../references/reference-checks';
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

@CommandHandler(SaveOfferCommand)
export class SaveOfferHandler extends CommandHandlerBase implements ICommandHandler<SaveOfferCommand, SavedOffer> {
  constructor(private readonly references: CatalogReferenceChecks) {
    super();
  }

  async execute({ supplierId, id: given, offer, context, version }: SaveOfferCommand): Promise<SavedOffer> {
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
  async execute({ supplierId, period, context }: SaveValidPeriodCommand): Promise<SavedValidPeriod> {
    const settings = await pricingSettingsOf(this.store, supplierId);
    const isNew = !period.id;
    const id = period.id || (await this.ids.next('validperiod'));
    const outcome = await offers.run(this.runner, period.offerId, { type: 'SaveValidPeriod', id: period.offerId, supplierId, isNew, period: { ...period, id }, settings }, context);
    const saved = outcome.state.validPeriods.find((p) => p.id === id) as ValidPeriod;
    return versioned(saved, outcome);
  }
}
