import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_SLOT_LIMITS } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import { Field, NumberBox } from '../../../ui/fields';
import type { AvailabilityDay, AvailabilityRow } from '../api/availability.schema';
import { useChangeDeparture, type DepartureChange } from '../api/change-departure';
import { bookedGuests, cellStatus, fullDate, isoWeekday, isPast, sellableLeft } from '../availability.logic';
import { CloseConfirm } from './close-confirm';

interface CellDialogProps {
  row: AvailabilityRow;
  day: AvailabilityDay;
  today: string;
  onClose: () => void;
}

/**
 * One day of one group (or independent slot): its seats, and the changes an admin or editor makes to it: close
 * it for sale, reopen it, give it a capacity of its own or give it back the group's (or slot's). Each is an
 * event on the day's departure stream; a refusal (a capacity below the seats taken) shows here. Past days are
 * shown, not changed.
 */
export function CellDialog({ row, day, today, onClose }: CellDialogProps) {
  const { t } = useTranslation('availability');
  const id = useId();
  const change = useChangeDeparture();
  const [capacity, setCapacity] = useState<number | null>(day.capacity);
  const [problem, setProblem] = useState<string | null>(null);
  // A day with guests booked is closed only once the user has read that they stay booked.
  const [confirming, setConfirming] = useState(false);
  const guests = bookedGuests(day);
  const past = isPast(day.date, today);
  const isSlot = row.timeSlotId !== null;
  const name = isSlot ? `${row.groupName} / ${row.name}` : row.name;

  const run = (what: DepartureChange) => {
    setProblem(null);
    change.mutate(
      { ref: { groupId: row.groupId, timeSlotId: row.timeSlotId, date: day.date }, change: what },
      { onSuccess: onClose, onError: (err) => setProblem(err instanceof ApiError ? err.message : String(err)) },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (capacity === null) setProblem(t('dialog.capacityRequired', { max: TIME_SLOT_LIMITS.capacityMax }));
    else run({ kind: 'capacity', capacity });
  };

  const facts: [string, string | number][] = [
    [t('dialog.capacity'), day.capacity],
    [t('dialog.taken'), day.taken],
    [t('dialog.held'), day.held],
    [t('dialog.left'), sellableLeft(day)],
    [t('dialog.status'), t(`status.${cellStatus(day)}`)],
  ];

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-text`} onClose={onClose} className="tbo-dialog card availability-dialog" backdropClassName="tbo-dialog-backdrop" testId="availability-dialog" closeOnBackdrop>
      <h2 className="tbo-dialog__title" id={`${id}-title`}>
        {name} · {t(`weekdays.${isoWeekday(day.date)}`)} {fullDate(day.date)}
      </h2>
      <div id={`${id}-text`}>
        <dl className="availability-dialog__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="availability-dialog__note">{t(isSlot ? 'dialog.slotCapacity' : 'dialog.groupCapacity', { capacity: row.baseCapacity })}</p>
        {!day.offered && <p className="availability-dialog__note">{t('dialog.notOffered')}</p>}
        {past && <p className="availability-dialog__note">{t('dialog.past')}</p>}
      </div>
      {!past && (
        <form onSubmit={submit} noValidate className="availability-dialog__capacity">
          <Field label={t('dialog.newCapacity')} htmlFor={`${id}-capacity`}>
            <NumberBox id={`${id}-capacity`} value={capacity} onChange={setCapacity} min={0} max={TIME_SLOT_LIMITS.capacityMax} decimals={0} data-testid="availability-capacity" />
          </Field>
          <Button type="submit" variant="primary" label={t('dialog.setCapacity')} busy={change.isPending} data-testid="availability-set-capacity" />
          {day.ownCapacity !== null && (
            <Button label={t('dialog.useBase', { capacity: row.baseCapacity })} disabled={change.isPending} onClick={() => run({ kind: 'capacity', capacity: null })} data-testid="availability-use-base" />
          )}
        </form>
      )}
      {confirming && !day.closed && <CloseConfirm guests={guests} busy={change.isPending} onConfirm={() => run({ kind: 'close' })} onKeepOpen={() => setConfirming(false)} />}
      {problem && (
        <p className="availability-dialog__problem" role="alert" data-testid="availability-problem">
          {problem}
        </p>
      )}
      <div className="tbo-dialog__actions">
        {!past &&
          (day.closed ? (
            <Button variant="primary" label={t('dialog.reopenDate')} disabled={change.isPending} onClick={() => run({ kind: 'reopen' })} data-testid="availability-reopen" />
          ) : (
            <Button variant="danger" label={t('dialog.closeDate')} disabled={change.isPending || confirming} onClick={() => (guests > 0 ? setConfirming(true) : run({ kind: 'close' }))} data-testid="availability-close" />
          ))}
        <Button label={t('dialog.cancel')} onClick={onClose} data-testid="availability-cancel" />
      </div>
    </Modal>
  );
}
