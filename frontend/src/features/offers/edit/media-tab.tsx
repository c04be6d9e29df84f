import { useController, type Control } from 'react-hook-form';
import { PhotoSelector } from '../../../app/media/photo-selector';
import type { OfferForm } from './offer-form';

/** The ticket's photos and hero image, chosen from the media library. */
export function MediaTab({ control }: { control: Control<OfferForm> }) {
  const photos = useController({ control, name: 'photos' });
  const hero = useController({ control, name: 'heroImageId' });
  return (
    <PhotoSelector
      selectedIds={photos.field.value ?? []}
      heroImageId={hero.field.value ?? null}
      onChange={(sel) => {
        photos.field.onChange(sel.photoIds);
        hero.field.onChange(sel.heroImageId);
      }}
    />
  );
}
