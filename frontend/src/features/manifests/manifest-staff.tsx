import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { assignStaff, useManifestStaff } from './manifests.api';
import { slotLabel } from './manifest-layout.logic';

/** Operations assign the day's drivers and guides to each slot with bookings. */
export function StaffSection({ date }: { date: string }) {
  const { t } = useTranslation('manifests');
  const [after, setAfter] = useState<string | null>(null);
  const staff = useManifestStaff(date, true, after);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [busySlot, setBusySlot] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const change = async (slotId: number, email: string, assigned: boolean) => {
    setBusySlot(slotId);
    setFailure(null);
    try {
      const { position } = await assignStaff({ date, slotId, email, assigned });
      if (assigned) setChosen(({ [slotId]: _done, ...rest }) => rest);
      // Unchanged (already so): no position, and the list as it is already says it.
      if (position) setAfter(position);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusySlot(null);
    }
  };
  if (!staff.data?.slots.length) return null;
  return (
    <section className="manifests__staff" aria-labelledby="manifest-staff-title" aria-busy={staff.isFetching || undefined}>
      <h2 id="manifest-staff-title">{t('staff.title')}</h2>
      {failure && (
        <p role="alert" className="manifests__error" data-testid="manifest-staff-error">
          {failure}
        </p>
      )}
      {staff.data.slots.map((s) => (
        <div key={s.id} className="manifests__staff-slot" data-testid="manifest-staff-slot">
          <strong id={`${id}-slot-${s.id}`} className="manifests__staff-name">
            {slotLabel(s.name, s.startTime)}
          </strong>
          <ul className="manifests__staff-list">
            {s.staff.map((p) => (
              <li key={p.email}>
                {p.name} ({t(`staff.roles.${p.role}`)}){' '}
                <Button variant="ghost" size="sm" disabled={busySlot === s.id} aria-label={`${t('staff.unassign')}: ${p.name}`} onClick={() => void change(s.id, p.email, false)} data-testid="manifest-staff-remove">
                  {t('staff.unassign')}
                </Button>
              </li>
            ))}
          </ul>
          <div className="manifests__staff-pick">
            <label htmlFor={`${id}-pick-${s.id}`}>{t('staff.choose')}</label>
            <select
              id={`${id}-pick-${s.id}`}
              className="tbo-select"
              aria-describedby={`${id}-slot-${s.id}`}
              value={chosen[s.id] ?? ''}
              onChange={(e) => setChosen({ ...chosen, [s.id]: e.target.value })}
              data-testid="manifest-staff-choose"
            >
              <option value="">{t('staff.placeholder')}</option>
              {staff.data.candidates
                .filter((c) => !s.staff.some((p) => p.email === c.email))
                .map((c) => (
                  <option key={c.email} value={c.email}>
                    {c.name} ({t(`staff.roles.${c.role}`)})
                  </option>
                ))}
            </select>
          </div>
          <Button disabled={!chosen[s.id]} busy={busySlot === s.id} onClick={() => void change(s.id, chosen[s.id]!, true)} data-testid="manifest-staff-assign">
            {t('staff.assign')}
          </Button>
        </div>
      ))}
    </section>
  );
}
