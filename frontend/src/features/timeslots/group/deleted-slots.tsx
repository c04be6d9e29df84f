import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import type { TimeSlot } from '../api/time-slot.schema';
import { useSlotDisplay } from '../slot/slot-display';

/**
 * The group's deleted slots, under its table and folded away by default (as the groups list hides deleted groups):
 * each with its time and Restore. A restore is refused while a live slot of the group has its name.
 */
export function DeletedSlots({ slots, restoring, onRestore }: { slots: TimeSlot[]; restoring: number | null; onRestore: (id: number) => void }) {
  const { t } = useTranslation('timeslots');
  const display = useSlotDisplay();
  const [shown, setShown] = useState(false);
  const listId = useId();
  if (slots.length === 0) return null;
  return (
    <div className="timeslots-deleted" data-testid="deleted-slots">
      <label className="timeslots-deleted__toggle">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} aria-controls={shown ? listId : undefined} data-testid="deleted-slots-toggle" />
        {t('slots.showDeleted', { count: slots.length })}
      </label>
      {shown && (
        <ul id={listId} className="timeslots-deleted__list">
          {[...slots]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((s) => (
              <li key={s.id} className="timeslots-deleted__item" data-testid="deleted-slot">
                <span className="timeslots-deleted__name">{s.name}</span>
                <span className="timeslots-deleted__time">{display.time(s)}</span>
                <Button size="sm" label={t('common.restore')} aria-label={t('slots.restore', { name: s.name })} busy={restoring === s.id} disabled={restoring !== null} onClick={() => onRestore(s.id)} data-testid="deleted-slot-restore" />
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
