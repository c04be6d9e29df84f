import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { findReferenceRow } from '@tbo/read-models';
import type { SupplierProfileEvent } from '@tbo/event-schemas';
import { AppError, CommandHandlerBase, ValidationError, type Decider } from '@tbo/kernel';
import { sanitizeRichText } from '../rich-text/rich-text';
import { emptyProfileState, profileFrom, supplierProfileDecider, supplierProfileStream, type SaveSupplierProfile, type SupplierProfile, type SupplierProfileState } from './supplier-profile';
import { SaveSupplierProfileCommand } from './supplier-profile.commands';

/** The envelope's wording for a stale save (as a WrongExpectedRevisionError answers). */
const STALE_PROFILE = 'This item was changed by someone else in the meantime. Reload it and try again.';

/** Every profile event fills a section: a state with none was never saved. */
const everSaved = (s: SupplierProfileState) => s.core !== null || s.contacts !== null || s.defaultSettings !== null || s.cancellationPolicy !== null;

/**
 * The decider for a save that edited a never-saved profile (version null): it is decided only on an empty stream.
 * With `newStream` the first try appends with 'no_stream' without reading; should another admin's first save have
 * landed meanwhile, that append is refused and the retry, which reads the stream, refuses here with a 409 instead of
 * overwriting it (CommandRunner retries a save without a version on the newer state).
 */
function firstSaveOnly(decider: Decider<SaveSupplierProfile, SupplierProfileEvent, SupplierProfileState>): Decider<SaveSupplierProfile, SupplierProfileEvent, SupplierProfileState> {
  return {
    ...decider,
    decide(command, state) {
      if (everSaved(state)) throw new AppError(409, 'Conflict', STALE_PROFILE);
      return decider.decide(command, state);
    },
  };
}

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
    const decider = { ...supplierProfileDecider, initialState: emptyProfileState(supplierId) };
    // version: the revision the admin edited; null: they edited the never-saved profile (GET answered version null),
    // so it must still be unsaved; not sent at all (seed, scripts): saved over whatever is there.
    const firstSave = version === null;
    const outcome = await this.runner.run({
      stream: supplierProfileStream(supplierId),
      decider: firstSave ? firstSaveOnly(decider) : decider,
      command: { supplierId, profile: clean },
      context,
      expectedRevision: firstSave ? undefined : version,
      newStream: firstSave,
    });
    return { ...profileFrom(outcome.state), version: outcome.revision, position: outcome.position };
  }
}
