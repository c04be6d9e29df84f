import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { findReferenceRow } from '@tbo/read-models';
import { CommandHandlerBase, ValidationError } from '@tbo/kernel';
import { sanitizeRichText } from '../rich-text/rich-text';
import { emptyProfileState, profileFrom, supplierProfileDecider, supplierProfileStream, type SupplierProfile } from './supplier-profile';
import { SaveSupplierProfileCommand } from './supplier-profile.commands';

export interface SavedSupplierProfile extends SupplierProfile {
  version: number | null;
  position: string | null;
}

@CommandHandler(SaveSupplierProfileCommand)
export class SaveSupplierProfileHandler extends CommandHandlerBase implements ICommandHandler<SaveSupplierProfileCommand, SavedSupplierProfile> {
  async execute({ supplierId, profile, context, version }: SaveSupplierProfileCommand): Promise<SavedSupplierProfile> {
    if (profile.countryId !== null && !(await findReferenceRow(this.db, 'countries', profile.countryId))) {
      throw new ValidationError('Country not found', { countryId: ['Country not found'] });
    }
    // Rich text is cleaned here, on the server, whatever the client did: stored events hold only the safe subset.
    const d = profile.defaultSettings;
    const clean: SupplierProfile = {
      ...profile,
      defaultSettings: {
        termsAndConditions: sanitizeRichText(d.termsAndConditions),
        faq: sanitizeRichText(d.faq),
        notesToClientPostBooking: sanitizeRichText(d.notesToClientPostBooking),
      },
    };
    // version: the revision the admin edited; null: they edited the never-saved profile (GET answered version null),
    // so it must still be unsaved (409 once another admin's first save landed); not sent at all (seed, scripts):
    // saved over whatever is there.
    const outcome = await this.runner.run({
      stream: supplierProfileStream(supplierId),
      decider: { ...supplierProfileDecider, initialState: emptyProfileState(supplierId) },
      command: { supplierId, profile: clean },
      context,
      expectedRevision: version === null ? 'no_stream' : version,
    });
    return { ...profileFrom(outcome.state), version: outcome.revision, position: outcome.position };
  }
}
