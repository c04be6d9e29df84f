import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMayOpen } from '../../app/guards/use-may-open';

/** Where the account's default cancellation policy is edited (admins only, by the route table). */
export const DEFAULT_POLICY_PATH = '/admin/defaultsettings';

/** The ways to the policies this ticket may follow: the tour's, and the account's default where the user may open it. */
export function OfferPolicyLinks({ tourId }: { tourId: number }) {
  const { t } = useTranslation('offer-edit');
  const mayOpen = useMayOpen();
  const tourPolicyPath = `/tours/${tourId}?tab=terms`;
  return (
    <nav className="offer-links" aria-label={t('policyLinks')}>
      {mayOpen(tourPolicyPath) && (
        <Link to={tourPolicyPath} data-testid="tour-policy-link">
          {t('tourPolicyLink')}
        </Link>
      )}
      {mayOpen(DEFAULT_POLICY_PATH) && (
        <Link to={DEFAULT_POLICY_PATH} data-testid="default-policy-link">
          {t('defaultPolicyLink')}
        </Link>
      )}
    </nav>
  );
}
