import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, EntityStream, EVENT_STORE, IdGenerator, ValidationError, versioned, type EventStore } from '@tbo/kernel';
import { pricingSettingsOf, sanitizeRichText } from '@tbo/supplier';
import { CatalogReferenceChecks, mergeProblems, withHeroInPhotos } from '../references/reference-checks';
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
export class SaveOfferHandler implements ICommandHandler<SaveOfferCommand, SavedOffer> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly references: CatalogReferenceChecks,
  ) {}

  async execute({ supplierId, id: given, offer, context, version }: SaveOfferCommand): Promise<SavedOffer> {
    const clean = withHeroInPhotos({ ...offer, description: sanitizeRichText(offer.description), notesToClientsPostBooking: sanitizeRichText(offer.notesToClientsPostBooking) });
    // Origin cities and photos must exist (read models); reported with the decider's own rules, all at once.
    const missing = await this.references.offerProblems(supplierId, clean);
    if (Object.keys(missing).length) {
      const problems = mergeProblems(offerProblems(clean), missing);
      throw new ValidationError(Object.values(problems)[0]![0]!, problems);
    }
    const outcome = await offers.save(this.runner, {
      ids: this.ids,
      idKind: 'offer',
      given,
      version,
      context,
      command: (id, isNew) => ({ type: 'SaveOffer', id, supplierId, isNew, offer: clean }),
    });
    return versioned(offerFrom(outcome.state), outcome);
  }
}

@CommandHandler(DeleteOfferCommand)
export class DeleteOfferHandler implements ICommandHandler<DeleteOfferCommand, SavedOffer> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ supplierId, id, restore, context }: DeleteOfferCommand): Promise<SavedOffer> {
    const outcome = await offers.run(this.runner, id, { type: restore ? 'RestoreOffer' : 'DeleteOffer', id, supplierId }, context);
    return versioned(offerFrom(outcome.state), outcome);
  }
}

@CommandHandler(SaveValidPeriodCommand)
export class SaveValidPeriodHandler implements ICommandHandler<SaveValidPeriodCommand, SavedValidPeriod> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ supplierId, period, context }: SaveValidPeriodCommand): Promise<SavedValidPeriod> {
    const settings = await pricingSettingsOf(this.store, supplierId);
    const isNew = !period.id;
    const id = period.id || (await this.ids.next('validperiod'));
    const outcome = await offers.run(this.runner, period.offerId, { type: 'SaveValidPeriod', id: period.offerId, supplierId, isNew, period: { ...period, id }, settings }, context);
    const saved = outcome.state.validPeriods.find((p) => p.id === id) as ValidPeriod;
    return versioned(saved, outcome);
  }
}
