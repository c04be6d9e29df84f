import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { Field, TextInput, Toggle } from '../../../ui/fields';
import { lookUpGooglePlace, lookUpTripAdvisorLocation } from '../api/get-place-rating';
import { isPlaceIdLike, tripAdvisorIdOf } from './tour-lists';
import type { TourForm } from './tour-form';
import { formatNumber } from '../../../ui/format/number';

type Kind = 'google' | 'tripAdvisor';
const FIELDS = {
  google: { id: 'googlePlacesId', rating: 'googlePlacesRating', total: 'googlePlacesTotalRatings' },
  tripAdvisor: { id: 'tripAdvisorId', rating: 'tripAdvisorRating', total: 'tripAdvisorTotalRatings' },
} as const;

/**
 * A maps-service place id or a TripAdvisor location id with its rating and total ratings (spec 01 §5 Place ids):
 * an id is taken only when its rating look-up succeeds, otherwise a field error says why and the id stays as it
 * was. A pasted TripAdvisor URL gives the number after 'd' and before a dash. Switching the toggle off clears the
 * id and its ratings.
 */
export function PlaceIdField({ kind }: { kind: Kind }) {
  const { t } = useTranslation('tour-edit');
  const { control, setValue } = useFormContext<TourForm>();
  const f = FIELDS[kind];
  const [id, rating, total] = useWatch({ control, name: [f.id, f.rating, f.total] }) as [string, number | null, number | null];
  const [enabled, setEnabled] = useState(() => !!id);
  const [draft, setDraft] = useState(id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const labelId = useId();

  // A reload or reset of the form brings a new id: show it.
  useEffect(() => {
    setDraft(id ?? '');
    if (id) setEnabled(true);
  }, [id]);

  const accept = (value: string, r: number | null, n: number | null) => {
    setValue(f.id, value, { shouldDirty: true });
    setValue(f.rating, r, { shouldDirty: true });
    setValue(f.total, n, { shouldDirty: true });
  };

  const check = async () => {
    const text = draft.trim();
    setError(null);
    if (!text) {
      accept('', null, null);
      return;
    }
    const wanted = kind === 'google' ? (isPlaceIdLike(text) ? text : null) : tripAdvisorIdOf(text);
    if (!wanted) {
      setError(kind === 'google' ? t('place.googleError', { title: t('place.invalidId') }) : t('place.tripAdvisorError', { title: t('place.invalidId') }));
      return;
    }
    setBusy(true);
    try {
      const answer = kind === 'google' ? await lookUpGooglePlace(wanted) : await lookUpTripAdvisorLocation(wanted);
      if (answer.ok) {
        accept(wanted, answer.rating.rating, answer.rating.ratingsCount);
        setDraft(wanted);
      } else {
        setError(kind === 'google' ? t('place.googleError', { title: answer.errorTitle }) : t('place.tripAdvisorError', { title: answer.errorTitle }));
      }
    } finally {
      setBusy(false);
    }
  };

  const toggle = (on: boolean) => {
    setEnabled(on);
    setError(null);
    if (!on) {
      setDraft('');
      accept('', null, null);
    }
  };

  const testId = kind === 'google' ? 'google-place' : 'tripadvisor';
  return (
    <div className="inset-box tour-place" data-testid={testId}>
      <div className="tour-place__head">
        <span className="tbo-field__label" id={labelId}>
          {t(`place.${kind}Title`)}
        </span>
        <Toggle checked={enabled} onChange={toggle} labelledBy={labelId} size="sm" />
      </div>
      {enabled && (
        <>
          <Field label={t(`place.${kind}Id`)} htmlFor={inputId} error={error ?? undefined} hint={kind === 'tripAdvisor' ? t('place.tripAdvisorHint') : t('place.googleHint')}>
            <div className="tour-place__input">
              <TextInput
                id={inputId}
                value={draft}
                onChange={(v) => {
                  setDraft(v);
                  setError(null);
                }}
                invalid={!!error}
                autoComplete="off"
                maxLength={kind === 'google' ? 300 : 2000}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void check();
                  }
                }}
                data-testid={`${testId}-input`}
              />
              <Button label={t('place.check')} onClick={() => void check()} busy={busy} data-testid={`${testId}-check`} />
            </div>
          </Field>
          <dl className="tour-place__ratings" data-testid={`${testId}-ratings`}>
            <div>
              <dt>{t('place.rating')}</dt>
              <dd data-testid={`${testId}-rating`}>{rating === null || rating === undefined ? '—' : rating.toFixed(1)}</dd>
            </div>
            <div>
              <dt>{t('place.totalRatings')}</dt>
              <dd data-testid={`${testId}-total`}>{total === null || total === undefined ? '—' : formatNumber(total, 0)}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
