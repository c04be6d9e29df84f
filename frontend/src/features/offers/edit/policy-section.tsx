import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Tour } from '../../../app/catalog/tour.types';
import { CancellationPolicyEditor } from '../../../ui/cancellation-policy';
import { Field, Toggle } from '../../../ui/fields';
import { DEFAULT_POLICY_PATH } from '../offer-policy-links';
import { useMayOpen } from '../../../app/guards/use-may-open';
import type { OfferForm } from './offer-form';

/**
 * The ticket's cancellation policy: its own rows when it overrides the tour's, otherwise what the tour's is (the
 * link to the account's default policy only for users who may open that page).
 */
export function PolicySection({ control, tour }: { control: Control<OfferForm>; tour: Tour | undefined }) {
  const { t } = useTranslation('offer-edit');
  const mayOpen = useMayOpen();
  const override = useController({ control, name: 'isOverrideTourCancellationPolicy' });
  const policy = useController({ control, name: 'cancellationPolicy' });
  const tourRows = tour?.cancellationPolicy ?? [];
  return (
    <section className="offer-section" aria-labelledby="offer-policy" data-testid="offer-policy">
      <h2 className="offer-section__title" id="offer-policy">
        {t('sections.policy')}
      </h2>
      <Field label={t('fields.isOverrideTourCancellationPolicy')} labelId="offer-override-label">
        <Toggle
          checked={!!override.field.value}
          labelledBy="offer-override-label"
          onChange={(on) => {
            override.field.onChange(on);
            // Start a custom policy from the tour's own.
            if (on && (policy.field.value ?? []).length === 0 && tourRows.length) policy.field.onChange(tourRows.map((r) => ({ hours: r.hours, percents: r.percents })));
          }}
        />
      </Field>
      {override.field.value ? (
        <CancellationPolicyEditor value={policy.field.value ?? []} onChange={(rows) => policy.field.onChange(rows)} ariaLabelledBy="offer-policy" testId="offer-cancellation-policy" />
      ) : (
        <div className="offer-policy-summary" data-testid="tour-policy-summary">
          <p>{t('policy.useTour')}</p>
          {tour?.isDefaultCancellationPolicy ? (
            <p className="offer-muted" data-testid="tour-uses-default">
              {t('policy.tourUsesDefault')}
              {mayOpen(DEFAULT_POLICY_PATH) && (
                <>
                  {' '}
                  <Link to={DEFAULT_POLICY_PATH} data-testid="policy-default-link">
                    {t('defaultPolicyLink')}
                  </Link>
                </>
              )}
            </p>
          ) : tourRows.length ? (
            <p className="offer-muted">{t('policy.tourSummary', { summary: tourRows.map((r) => t('policy.row', { hours: r.hours, percents: r.percents })).join(', ') })}</p>
          ) : (
            <p className="offer-muted">{t('policy.tourNotRefundable')}</p>
          )}
        </div>
      )}
    </section>
  );
}
