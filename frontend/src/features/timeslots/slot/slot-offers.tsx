import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '../api/time-slot.schema';
import { SlotSection } from './slot-fields';

/** The offers (tickets) that sell this slot, by name (spec 02 §3 time slot offers). */
export function SlotOffers({ offers }: { offers: TimeSlot['offers'] }) {
  const { t } = useTranslation('timeslots');
  return (
    <SlotSection id="offers" title={t('slot.sections.offers')} testId="slot-offers">
      <ul className="timeslots-offers">
        {offers.map((o) => (
          <li key={o.id}>{o.name}</li>
        ))}
      </ul>
    </SlotSection>
  );
}
